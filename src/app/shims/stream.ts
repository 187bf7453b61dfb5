// memfs only calls util.inherits on these classes when it loads; the tool layer never opens fs streams,
// so constructing one is a bug and says so.
export class Readable {
  constructor() {
    throw new Error("fs streams are not available in the browser build: use fs.promises instead.");
  }
}
export class Writable {
  constructor() {
    throw new Error("fs streams are not available in the browser build: use fs.promises instead.");
  }
}
export default { Readable, Writable };
