export * from "./ids";
export * from "./profile";
export * from "./tools";
