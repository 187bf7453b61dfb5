export * from "./dimensions";
export * from "./resize";
export * from "./sniff";
