// A labelled one-line text input that reports every keystroke (the tester's URL, a robot name).
import type { InputHTMLAttributes } from 'preact';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onInput: (value: string) => void;
  /** More attributes for the input (test seams such as data-tester-url). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}

export function TextField({ label, name, value, onInput, inputProps }: TextFieldProps) {
  return (
    <label class="field">
      {label}
      <input
        type="text"
        name={name}
        value={value}
        spellcheck={false}
        onInput={(e) => onInput(e.currentTarget.value)}
        {...inputProps}
      />
    </label>
  );
}
