// The WHATWG URL class, for the pure core's type check (src/tsconfig.json has no DOM or Node
// types): Node, browsers and workers all provide it. Only the members the core uses.
interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  origin: string;
  pathname: string;
  protocol: string;
  search: string;
}
declare var URL: {
  prototype: URL;
  new (url: string, base?: string): URL;
};
