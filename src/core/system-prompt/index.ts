export * from "./discover";
export * from "./patch";
export * from "./sections";
export * from "./skills";
export * from "./types";
export * from "./versions/index";
export * from "./wire";
