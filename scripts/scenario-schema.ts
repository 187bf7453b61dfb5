// npm run schema: writes docs/scenario.schema.json from the TypeBox definition the loader validates with
// (src/agent/scenario-schema.ts). A unit test fails when the committed file is out of date.
import { writeFileSync } from "node:fs";
import { scenarioJsonSchema } from "../src/agent/scenario-schema.ts";

const target = new URL("../docs/scenario.schema.json", import.meta.url);
writeFileSync(target, scenarioJsonSchema());
console.log(`wrote ${target.pathname}`);
