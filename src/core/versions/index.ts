export * from "./ids";
export * from "./tools";
