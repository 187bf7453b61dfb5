// Copied unchanged (below this header) from the reference workload (WORKLOAD_VERSION 1, docs/bench.md §1), so
// that any clone can run `npm run bench`. pi 0.73.1's figures for it are in scripts/bench.ts.

// Deterministic benchmark workload for pi's coding-agent tools (read, bash, edit, write, grep, find, ls).
//
// makeWorkspace(scale = 1) returns a plain object { "relative/path": "file content" } describing a
// JS/TS monorepo-like tree. At scale 1: about 5,000 text files and about 10 MB, directories nested up
// to 5 levels, .ts/.js/.json/.md files, a .gitignore that ignores dist/ and node_modules/ (both full of
// files), hidden dot files, a `.git/` marker, one ~5 MB log (100k lines) and one ~1 MB source file.
//
// OPERATIONS (= makeOperations(1)) is the list of tool calls to time, each
// { name, tool, args, expect, note }. `args` are valid pi 0.73.1 tool arguments. `expect` describes
// what pi's real tools return for that call, so that a re-implementation can check it does the same
// work before its timings are compared:
//   includes / excludes   substrings the result text must / must not contain
//   matchLines            number of `<path>:<line>: ` lines (grep match lines, context lines excluded)
//   lines                 text.split("\n").length
// Where pi's own output is not deterministic (rg/fd walk in parallel, so *which* matches fill a limit
// varies), the expectation sticks to what is stable: counts and notices.
//
// Everything is generated from a seeded PRNG (mulberry32); Math.random is never used, so the same
// scale always gives byte-identical content. The module has no imports and runs in Node or a browser.

export const WORKLOAD_VERSION = 1;

// Paths the operations refer to (stable across scales).
export const LOG_PATH = "fixtures/logs/session-2024-11-03.log";
export const BIG_SOURCE_PATH = "src/generated/locale-table.ts";
export const ICONS_DIR = "src/ui/icons";
export const WRITE_PATH = "src/generated/bench-output.ts";

const ICON_COUNT = 500; // the ls limit; the icons dir holds exactly this many entries at every scale
const WRITE_BYTES = 100 * 1024;
const BIG_SOURCE_BYTES = 1024 * 1024;
const LOG_LINES = 100_000;

// The one line that the edit operation changes. It is planted halfway through the 1 MB source file,
// and its id (900001) is outside the generated id range, so it is unique in the file.
const EDIT_OLD = `  { id: 900001, key: "checkout.summary.total", en: "Order total (incl. VAT)", de: "Gesamtsumme (inkl. MwSt.)", flags: 0x0040 },`;
const EDIT_NEW = `  { id: 900001, key: "checkout.summary.total", en: "Order total incl. VAT", de: "Gesamtsumme inkl. MwSt.", flags: 0x0041 },`;

// Planted markers (the generators never produce these on their own; see plantMarkers()).
const RARE_VISIBLE = 7; // FIXME(perf-N) lines that pi's grep reports
const DEPRECATED_TS = 40; // .ts files (outside ignored dirs) with one line containing "deprecated" in some case

// ---------------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------------

function mulberry32(seed) {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

class Rng {
	constructor(seed) {
		this.next = mulberry32(seed);
	}
	int(lo, hi) {
		// inclusive range
		return lo + Math.floor(this.next() * (hi - lo + 1));
	}
	pick(arr) {
		return arr[Math.floor(this.next() * arr.length)];
	}
	chance(p) {
		return this.next() < p;
	}
	shuffle(arr) {
		for (let i = arr.length - 1; i > 0; i--) {
			const j = Math.floor(this.next() * (i + 1));
			[arr[i], arr[j]] = [arr[j], arr[i]];
		}
		return arr;
	}
	/** A size around `mean`, skewed like real source files (many small, a few large). */
	size(mean) {
		const u = this.next();
		return Math.max(120, Math.round(mean * (0.25 + 1.5 * u * u + 0.35 * this.next())));
	}
}

// ---------------------------------------------------------------------------------------------
// Vocabulary (no word contains "deprecated", "fixme" or "perf-": those are planted separately)
// ---------------------------------------------------------------------------------------------

const NOUNS = (
	"user session order invoice token cache request response config schema widget route plugin event " +
	"queue worker metric report account profile payment message channel tenant asset upload search " +
	"index filter policy role permission audit ledger product cart shipment review comment thread " +
	"notification template locale theme layout store query mutation job task batch stream socket buffer " +
	"parser cursor page item entry record field column table view panel dialog form button menu tab " +
	"node edge graph tree list map set key value range window frame signal timer lock pool client " +
	"server proxy gateway adapter driver handler controller service provider registry factory builder"
).split(" ");
const VERBS = (
	"get set create update remove load save fetch parse render validate normalize resolve build apply " +
	"merge compute format handle dispatch register subscribe emit flush retry serialize decode encode " +
	"find sort group map reduce collect track sync refresh reset open close start stop schedule cancel " +
	"notify export import clone compare ensure prepare finalize attach detach mount"
).split(" ");
const ADJS = (
	"active pending cached default internal remote local stale primary next previous raw safe shared " +
	"visible hidden dirty current initial final partial empty nested sorted unique public private"
).split(" ");
const TYPES = ["string", "number", "boolean", "Date", "string[]", "number[]", "unknown", "Record<string, string>"];
const PROSE = (
	"the this that when with without before after each every request response value result cache " +
	"server client user data file system state update change error handler function module package " +
	"should must can will may always never only also then because while until returns accepts reads " +
	"writes stores sends receives keeps drops retries waits checks makes uses calls runs builds a an to " +
	"of in on for from by at as is are be not it its we you they our your their more less most first " +
	"last new old same other different large small fast slow simple safe easy hard"
).split(" ");
const NON_ASCII = ["café", "naïve", "→", "—", "über", "déjà vu", "±", "µs", "’", "…"];
const LOG_LEVELS = ["INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR"];
const HTTP = ["GET", "GET", "GET", "POST", "PUT", "DELETE", "PATCH"];
const STATUS = [200, 200, 200, 200, 201, 204, 304, 400, 401, 404, 409, 500];
const AREAS = ["api", "auth", "billing", "core", "db", "jobs", "search", "services", "ui", "utils", "workers", "config"];
const PACKAGES = (
	"lodash-es tiny-invariant nanoid zod kleur picomatch ms debug uuid dotenv semver yaml " +
	"mime-types eventemitter3 p-limit date-fns clsx ansi-styles chalk commander fast-glob " +
	"escape-string-regexp deep-equal"
).split(" ");

const cap = (s) => s[0].toUpperCase() + s.slice(1);
const camel = (...parts) => parts[0] + parts.slice(1).map(cap).join("");
const pascal = (...parts) => parts.map(cap).join("");
const kebab = (...parts) => parts.join("-");

function sentence(rng, min = 6, max = 14, nonAsciiChance = 0) {
	const n = rng.int(min, max);
	const words = [];
	for (let i = 0; i < n; i++) words.push(rng.chance(0.25) ? rng.pick(NOUNS) : rng.pick(PROSE));
	if (rng.chance(nonAsciiChance)) words.splice(rng.int(1, words.length - 1), 0, rng.pick(NON_ASCII));
	return cap(words.join(" ")) + ".";
}

// ---------------------------------------------------------------------------------------------
// Code generators
// ---------------------------------------------------------------------------------------------

function expr(rng) {
	const noun = rng.pick(NOUNS);
	switch (rng.int(0, 7)) {
		case 0:
			return `${camel(rng.pick(VERBS), noun)}(${rng.pick(NOUNS)}Id)`;
		case 1:
			return `${rng.pick(NOUNS)}.${camel(rng.pick(ADJS), noun)}`;
		case 2:
			return `${rng.pick(NOUNS)}s.filter((${noun[0]}) => ${noun[0]}.${rng.pick(ADJS)})`;
		case 3:
			return `{ ...${noun}, ${rng.pick(ADJS)}: ${rng.chance(0.5) ? "true" : rng.int(0, 500)} }`;
		case 4:
			return `${noun}?.${rng.pick(NOUNS)} ?? ${rng.chance(0.5) ? "null" : `"${rng.pick(ADJS)}"`}`;
		case 5:
			return `await this.${rng.pick(NOUNS)}Service.${camel(rng.pick(VERBS), noun)}(${noun}Id, options)`;
		case 6:
			return `${rng.pick(NOUNS)}s.map((item) => item.${rng.pick(NOUNS)}Id)`;
		default:
			return `${rng.pick(NOUNS)}Count + ${rng.int(1, 64)}`;
	}
}

/** Statements for a function body, indented by `ind`. Ends with a return statement most of the time. */
function body(rng, ind, typed) {
	const out = [];
	const n = rng.int(2, 9);
	for (let i = 0; i < n; i++) {
		const v = camel(rng.pick(ADJS), rng.pick(NOUNS));
		switch (rng.int(0, 9)) {
			case 0:
			case 1:
				out.push(`${ind}const ${v}${typed && rng.chance(0.3) ? `: ${rng.pick(TYPES)}` : ""} = ${expr(rng)};`);
				break;
			case 2:
				out.push(`${ind}if (!${v}) {`);
				if (rng.chance(0.55)) out.push(`${ind}\tthrow new Error(\`${cap(rng.pick(NOUNS))} ${rng.pick(["not found", "is invalid", "already exists", "expired", "is locked"])}: \${${v}}\`);`);
				else out.push(`${ind}\treturn ${rng.chance(0.5) ? "undefined" : expr(rng)};`);
				out.push(`${ind}}`);
				break;
			case 3:
				out.push(`${ind}for (const item of ${rng.pick(NOUNS)}s) {`);
				out.push(`${ind}\t${rng.pick(NOUNS)}s.push(${camel(rng.pick(VERBS), rng.pick(NOUNS))}(item));`);
				out.push(`${ind}}`);
				break;
			case 4:
				out.push(`${ind}logger.${rng.pick(["debug", "info", "warn"])}("${sentence(rng, 3, 8)}", { ${v} });`);
				break;
			case 5:
				out.push(`${ind}// ${rng.pick(["TODO", "NOTE", "FIXME", "HACK"])}: ${sentence(rng, 5, 12).toLowerCase()}`);
				break;
			case 6:
				out.push(`${ind}if (${v}.${rng.pick(NOUNS)} === ${rng.chance(0.5) ? `"${rng.pick(ADJS)}"` : rng.int(0, 9)}) {`);
				out.push(`${ind}\treturn ${expr(rng)};`);
				out.push(`${ind}}`);
				break;
			case 7:
				out.push(`${ind}await ${expr(rng).replace(/^await /, "")};`);
				break;
			case 8:
				out.push(`${ind}try {`);
				out.push(`${ind}\t${v} = ${expr(rng)};`);
				out.push(`${ind}} catch (err) {`);
				out.push(`${ind}\tthrow new Error(\`Failed to ${rng.pick(VERBS)} ${rng.pick(NOUNS)}: \${String(err)}\`);`);
				out.push(`${ind}}`);
				break;
			default:
				out.push(`${ind}${rng.pick(NOUNS)}.${rng.pick(NOUNS)} = ${expr(rng)};`);
		}
	}
	if (rng.chance(0.85)) out.push(`${ind}return ${expr(rng)};`);
	return out;
}

function tsBlock(rng, typed) {
	const noun = rng.pick(NOUNS);
	const name = camel(rng.pick(VERBS), rng.pick(ADJS), noun);
	const T = pascal(rng.pick(ADJS), noun);
	const out = [];
	if (rng.chance(0.35)) out.push("/**", ` * ${sentence(rng, 6, 16, 0.05)}`, " */");
	const kind = rng.int(0, 9);
	if (kind <= 3) {
		const asyncKw = rng.chance(0.4) ? "async " : "";
		const sig = typed
			? `(${noun}Id: string, options: ${T}Options = {}): ${asyncKw ? `Promise<${T}>` : T}`
			: `(${noun}Id, options = {})`;
		out.push(`export ${asyncKw}function ${name}${sig} {`, ...body(rng, "\t", typed), "}");
	} else if (kind === 4 && typed) {
		out.push(`export interface ${T} {`);
		for (let i = rng.int(2, 8); i > 0; i--) out.push(`\t${camel(rng.pick(ADJS), rng.pick(NOUNS))}${rng.chance(0.3) ? "?" : ""}: ${rng.pick(TYPES)};`);
		out.push("}");
	} else if (kind === 5) {
		out.push(`export class ${pascal(noun, rng.pick(["Service", "Store", "Controller", "Manager", "Client"]))} {`);
		out.push(`\tconstructor(${typed ? `private readonly ${rng.pick(NOUNS)}Service: ${pascal(rng.pick(NOUNS))}Service` : `${rng.pick(NOUNS)}Service`}) {}`);
		for (let m = rng.int(1, 3); m > 0; m--) {
			out.push("", `\t${rng.chance(0.5) ? "async " : ""}${camel(rng.pick(VERBS), rng.pick(NOUNS))}(${rng.pick(NOUNS)}Id${typed ? ": string" : ""}) {`);
			out.push(...body(rng, "\t\t", typed), "\t}");
		}
		out.push("}");
	} else if (kind === 6) {
		out.push(`export const ${name.toUpperCase().slice(0, 24)}_${noun.toUpperCase()} = {`);
		for (let i = rng.int(2, 7); i > 0; i--) out.push(`\t${camel(rng.pick(ADJS), rng.pick(NOUNS))}: ${rng.chance(0.5) ? `"${kebab(rng.pick(ADJS), rng.pick(NOUNS))}"` : rng.int(0, 10000)},`);
		out.push(`}${typed ? " as const" : ""};`);
	} else if (kind === 7 && typed) {
		out.push(`export type ${T}Options = Partial<{ ${rng.pick(NOUNS)}Id: string; ${rng.pick(ADJS)}: boolean; limit: number }>;`);
	} else if (kind === 8 && typed) {
		out.push(`export enum ${pascal(noun, "Kind")} {`);
		for (let i = rng.int(2, 6); i > 0; i--) out.push(`\t${pascal(rng.pick(ADJS), rng.pick(NOUNS))} = "${rng.pick(ADJS)}_${rng.pick(NOUNS)}",`);
		out.push("}");
	} else {
		out.push(`export const ${name} = ${typed ? `(${noun}: ${T}): boolean` : `(${noun})`} => {`, ...body(rng, "\t", typed), "};");
	}
	return out;
}

function importLines(rng, typed, dir) {
	const out = [];
	for (let i = rng.int(0, 5); i > 0; i--) {
		const names = [];
		for (let j = rng.int(1, 4); j > 0; j--) names.push(camel(rng.pick(VERBS), rng.pick(NOUNS)));
		const from = rng.chance(0.5) ? `./${kebab(rng.pick(NOUNS), rng.pick(["utils", "types", "service", "store"]))}` : `${dir.split("/").length > 2 ? "../.." : ".."}/${rng.pick(AREAS)}/${rng.pick(NOUNS)}`;
		out.push(`import { ${[...new Set(names)].join(", ")} } from "${from}";`);
	}
	if (typed && rng.chance(0.5)) out.push(`import type { ${pascal(rng.pick(ADJS), rng.pick(NOUNS))} } from "./types";`);
	if (rng.chance(0.15)) out.push(`import * as ${rng.pick(["path", "fs", "crypto"])} from "node:${rng.pick(["path", "fs", "crypto"])}";`);
	out.push(`import { logger } from "${dir.startsWith("src/") ? "@/core/logger" : "../logger"}";`);
	return out;
}

function tsFile(rng, path, target) {
	const lines = [];
	if (rng.chance(0.3)) lines.push(`// ${path.split("/").pop()}: ${sentence(rng, 4, 10).toLowerCase()}`);
	lines.push(...importLines(rng, true, path), "");
	let bytes = lines.join("\n").length;
	do {
		const block = tsBlock(rng, true);
		lines.push(...block, "");
		bytes += block.join("\n").length + 2;
	} while (bytes < target);
	return lines.join("\n");
}

function jsFile(rng, path, target, style) {
	const lines = [];
	if (style === "cjs") {
		lines.push('"use strict";', "");
		for (let i = rng.int(1, 4); i > 0; i--) lines.push(`const ${camel(rng.pick(NOUNS), rng.pick(NOUNS))} = require("${rng.chance(0.6) ? `./${rng.pick(NOUNS)}` : rng.pick(PACKAGES)}");`);
		lines.push("");
	} else if (style === "dist") {
		lines.push(`import { logger } from "../core/logger.js";`, "");
	} else {
		lines.push(...importLines(rng, false, path), "");
	}
	let bytes = lines.join("\n").length;
	const exported = [];
	do {
		const block = tsBlock(rng, false);
		if (style === "cjs") {
			for (let i = 0; i < block.length; i++) {
				const m = /^export (async function|function|const|class) (\w+)/.exec(block[i]);
				if (m) {
					exported.push(m[2]);
					block[i] = block[i].replace(/^export /, "");
				}
			}
		}
		lines.push(...block, "");
		bytes += block.join("\n").length + 2;
	} while (bytes < target);
	if (style === "cjs") lines.push(`module.exports = { ${exported.join(", ")} };`, "");
	if (style === "dist") lines.push(`//# sourceMappingURL=${path.split("/").pop()}.map`, "");
	return lines.join("\n");
}

function dtsFile(rng, target) {
	const lines = [];
	let bytes = 0;
	while (bytes < target) {
		const noun = rng.pick(NOUNS);
		const T = pascal(rng.pick(ADJS), noun);
		const line = rng.chance(0.6)
			? `export declare function ${camel(rng.pick(VERBS), noun)}(${noun}Id: string, options?: ${T}Options): Promise<${T}>;`
			: `export interface ${T} {\n\t${camel(rng.pick(ADJS), noun)}: ${rng.pick(TYPES)};\n\t${rng.pick(NOUNS)}Id?: string;\n}`;
		lines.push(line);
		bytes += line.length + 1;
	}
	lines.push("//# sourceMappingURL=index.d.ts.map", "");
	return lines.join("\n");
}

function testFile(rng, path, target) {
	const subject = camel(rng.pick(VERBS), rng.pick(NOUNS));
	const lines = [`import { describe, expect, it } from "vitest";`, `import { ${subject} } from "@/${rng.pick(AREAS)}/${rng.pick(NOUNS)}";`, "", `describe("${subject}", () => {`];
	let bytes = lines.join("\n").length;
	while (bytes < target) {
		const block = [`\tit("${sentence(rng, 4, 9).toLowerCase().replace(/\.$/, "")}", async () => {`];
		for (let i = rng.int(1, 4); i > 0; i--) block.push(`\t\tconst ${rng.pick(NOUNS)} = await ${subject}("${rng.pick(NOUNS)}-${rng.int(1, 999)}", { ${rng.pick(ADJS)}: true });`);
		for (let i = rng.int(1, 3); i > 0; i--) block.push(`\t\texpect(${rng.pick(NOUNS)}.${rng.pick(ADJS)}).${rng.pick(["toBe(true)", "toEqual([])", "toBeUndefined()", `toHaveLength(${rng.int(0, 9)})`, `toMatch(/${rng.pick(NOUNS)}/)`])};`);
		if (rng.chance(0.2)) block.push(`\t\tawait expect(${subject}("")).rejects.toThrow("${cap(rng.pick(NOUNS))} not found");`);
		block.push("\t});", "");
		lines.push(...block);
		bytes += block.join("\n").length + 1;
	}
	lines.push("});", "");
	return lines.join("\n");
}

function mdFile(rng, title, target) {
	const lines = [`# ${title}`, "", sentence(rng, 10, 24, 0.2) + " " + sentence(rng, 8, 20, 0.1), ""];
	let bytes = lines.join("\n").length;
	while (bytes < target) {
		const block = [`## ${cap(rng.pick(VERBS))} ${rng.pick(ADJS)} ${rng.pick(NOUNS)}s`, ""];
		const kind = rng.int(0, 3);
		if (kind === 0) {
			for (let i = rng.int(2, 5); i > 0; i--) block.push(`- ${sentence(rng, 4, 12, 0.1)}`);
		} else if (kind === 1) {
			block.push("```ts", ...tsBlock(rng, true).slice(0, 8), "```");
		} else if (kind === 2) {
			block.push("| option | type | default |", "| --- | --- | --- |");
			for (let i = rng.int(2, 5); i > 0; i--) block.push(`| \`${camel(rng.pick(ADJS), rng.pick(NOUNS))}\` | ${rng.pick(TYPES)} | \`${rng.int(0, 100)}\` |`);
		} else {
			block.push(sentence(rng, 12, 30, 0.3) + " " + sentence(rng, 8, 20, 0.1));
		}
		block.push("");
		lines.push(...block);
		bytes += block.join("\n").length + 1;
	}
	return lines.join("\n");
}

function jsonValue(rng, depth) {
	if (depth > 2 || rng.chance(0.45)) {
		switch (rng.int(0, 3)) {
			case 0:
				return rng.int(0, 100000);
			case 1:
				return rng.chance(0.5);
			case 2:
				return `${rng.pick(ADJS)}-${rng.pick(NOUNS)}-${rng.int(1, 999)}`;
			default:
				return sentence(rng, 3, 8);
		}
	}
	if (rng.chance(0.3)) return Array.from({ length: rng.int(1, 4) }, () => jsonValue(rng, depth + 1));
	const obj = {};
	for (let i = rng.int(2, 5); i > 0; i--) obj[camel(rng.pick(ADJS), rng.pick(NOUNS))] = jsonValue(rng, depth + 1);
	return obj;
}

function jsonFile(rng, target) {
	const records = [];
	let bytes = 0;
	while (bytes < target) {
		const rec = { id: `${rng.pick(NOUNS)}_${rng.int(1000, 99999)}`, type: rng.pick(NOUNS) };
		for (let i = rng.int(2, 5); i > 0; i--) rec[camel(rng.pick(ADJS), rng.pick(NOUNS))] = jsonValue(rng, 1);
		records.push(rec);
		bytes += JSON.stringify(rec, null, 2).length + 4;
	}
	return JSON.stringify(rng.chance(0.5) ? records : { version: rng.int(1, 9), items: records }, null, 2) + "\n";
}

function packageJson(rng, name, extra = {}) {
	return (
		JSON.stringify(
			{
				name,
				version: `${rng.int(0, 9)}.${rng.int(0, 30)}.${rng.int(0, 20)}`,
				description: sentence(rng, 4, 10),
				license: rng.pick(["MIT", "ISC", "Apache-2.0"]),
				type: rng.chance(0.5) ? "module" : "commonjs",
				main: "index.js",
				types: "index.d.ts",
				...extra,
			},
			null,
			2,
		) + "\n"
	);
}

function iconFile(rng, name) {
	const comp = pascal(...name.split("-")) + "Icon";
	const paths = [];
	for (let i = rng.int(1, 4); i > 0; i--) {
		let d = `M${rng.int(0, 24)} ${rng.int(0, 24)}`;
		for (let j = rng.int(2, 6); j > 0; j--) d += `${rng.pick(["l", "h", "v", "L", "c"])}${rng.int(-12, 12)} ${rng.int(-12, 12)}`;
		paths.push(`\t"${d}",`);
	}
	return [
		"// Generated by scripts/build-icons.js — do not edit.",
		`import { createIcon } from "../create-icon";`,
		"",
		`export const ${comp} = createIcon("${name}", [`,
		...paths,
		"]);",
		`export default ${comp};`,
		"",
	].join("\n");
}

// ~52 bytes a line on average: access lines, queries, cache hits, warnings, errors with stack frames.
function logLine(rng, t) {
	const ms = t % 1000;
	const s = Math.floor(t / 1000);
	const ts = `${String(Math.floor(s / 3600) % 24).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.${String(ms).padStart(3, "0")}`;
	const lvl = rng.pick(LOG_LEVELS);
	const w = `[w${rng.int(0, 7)}]`;
	switch (rng.int(0, 9)) {
		case 0:
		case 1:
		case 2:
			return `${ts} ${w} ${lvl} http ${rng.pick(HTTP)} /${rng.pick(NOUNS)}s/${rng.int(1, 9999)} ${rng.pick(STATUS)} ${rng.int(1, 900)}ms rid=${rng.int(0, 0xffffff).toString(16).padStart(6, "0")}`;
		case 3:
			return `${ts} ${w} ${lvl} db select ${rng.pick(NOUNS)}s rows=${rng.int(0, 500)} ${rng.int(1, 90)}ms`;
		case 4:
			return `${ts} ${w} ${lvl} cache ${rng.pick(["hit", "miss"])} ${rng.pick(NOUNS)}:${rng.int(1, 99999)}`;
		case 5:
			return `${ts} ${w} ${lvl} job ${rng.pick(VERBS)}-${rng.pick(NOUNS)} #${rng.int(1, 99999)} done`;
		case 6:
			return `${ts} ${w} WARN slow ${rng.pick(NOUNS)} ${rng.int(500, 9000)}ms`;
		case 7:
			return `    at ${camel(rng.pick(VERBS), rng.pick(NOUNS))} (src/${rng.pick(AREAS)}/${rng.pick(NOUNS)}.ts:${rng.int(1, 400)})`;
		case 8:
			return `${ts} ${w} ERROR ${cap(rng.pick(NOUNS))} ${rng.pick(["not found", "timed out", "rejected"])} id=${rng.int(1, 99999)}`;
		default:
			return `${ts} ${w} ${lvl} ws ${rng.pick(["open", "close", "ping"])} c=${rng.int(1, 999)}`;
	}
}

function logFile(rng, lineCount) {
	const lines = new Array(lineCount);
	let t = 8 * 3600 * 1000;
	for (let i = 0; i < lineCount; i++) {
		t += rng.int(0, 400);
		lines[i] = logLine(rng, t);
	}
	return lines.join("\n") + "\n";
}

const LOCALE_WORDS = ["title", "label", "hint", "empty", "error", "confirm", "cancel", "save", "summary", "details", "placeholder", "tooltip"];
const DE = ["Übersicht", "Einstellungen", "Speichern", "Abbrechen", "Bestätigen", "Fehler", "Hinweis", "Zurück", "Größe", "Schließen"];
function bigSourceFile(rng, targetBytes) {
	const head = [
		"// Generated by scripts/build-locales.js from locales/*.json — do not edit by hand.",
		"// Each entry maps a message key to its English and German strings and a flag word.",
		"",
		'import type { LocaleEntry } from "../core/i18n/types";',
		"",
		"export const LOCALE_TABLE: readonly LocaleEntry[] = [",
	];
	const tail = ["];", "", "export const LOCALE_TABLE_SIZE = LOCALE_TABLE.length;", ""];
	const enc = new TextEncoder();
	const entries = [];
	let bytes = enc.encode([...head, ...tail].join("\n")).length + EDIT_OLD.length + 2;
	let id = 10000;
	while (bytes < targetBytes) {
		const key = `${rng.pick(AREAS)}.${rng.pick(NOUNS)}.${rng.pick(LOCALE_WORDS)}`;
		const en = `${cap(rng.pick(ADJS))} ${rng.pick(NOUNS)} ${rng.pick(LOCALE_WORDS)}`;
		const line = `  { id: ${id++}, key: "${key}", en: "${en}", de: "${rng.pick(DE)} ${rng.pick(NOUNS)}", flags: 0x${rng.int(0, 0xffff).toString(16).padStart(4, "0")} },`;
		entries.push(line);
		bytes += enc.encode(line).length + 1;
	}
	entries.splice(Math.floor(entries.length / 2), 0, EDIT_OLD);
	return [...head, ...entries, ...tail].join("\n");
}

function writeContent() {
	const rng = new Rng(0x57a7e);
	const lines = ["// Written by the benchmark's write operation (100 KiB, ASCII only).", ""];
	let bytes = lines.join("\n").length;
	while (bytes < WRITE_BYTES) {
		const block = tsBlock(rng, true).filter((l) => /^[\x00-\x7f]*$/.test(l));
		lines.push(...block, "");
		bytes += block.join("\n").length + 2;
	}
	const text = lines.join("\n").slice(0, WRITE_BYTES - 1) + "\n";
	return text;
}

// ---------------------------------------------------------------------------------------------
// Tree
// ---------------------------------------------------------------------------------------------

/** Directories under `root`, at most `maxDepth` path components deep in total. */
function makeDirs(rng, root, maxDepth, fanout) {
	const dirs = [root];
	const walk = (dir, depth) => {
		if (depth >= maxDepth) return;
		const n = rng.int(fanout[depth][0], fanout[depth][1]);
		const used = new Set();
		for (let i = 0; i < n; i++) {
			let name = rng.chance(0.6) ? rng.pick(NOUNS) + "s" : rng.chance(0.5) ? rng.pick(ADJS) : rng.pick(NOUNS);
			if (used.has(name)) continue;
			used.add(name);
			const child = `${dir}/${name}`;
			dirs.push(child);
			walk(child, depth + 1);
		}
	};
	walk(root, root.split("/").length);
	return dirs;
}

function addFile(ws, dir, base, ext, content) {
	let p = `${dir}/${base}${ext}`;
	for (let i = 2; p in ws; i++) p = `${dir}/${base}-${i}${ext}`;
	ws[p] = content;
	return p;
}

function fileBase(rng) {
	return rng.chance(0.6) ? kebab(rng.pick(NOUNS), rng.pick(["service", "store", "utils", "types", "handler", "client", "model", "view", "helpers", "schema"])) : kebab(rng.pick(VERBS), rng.pick(NOUNS));
}

/** Exact counts of each file kind at a given scale (icons are fixed at 500). */
export function fileCounts(scale = 1) {
	const s = (n) => Math.max(1, Math.round(n * scale));
	return {
		srcTs: s(1900),
		srcJs: s(240),
		srcJson: s(120),
		srcMd: s(60),
		tests: s(400),
		docs: s(170),
		scripts: s(30),
		fixtures: s(150),
		dist: s(800),
		nodeModules: s(600),
	};
}

export function makeWorkspace(scale = 1) {
	if (!(scale > 0)) throw new Error(`makeWorkspace: scale must be a positive number, got ${scale}`);
	const rng = new Rng(0x9e3779b1 ^ Math.round(scale * 1000));
	const counts = fileCounts(scale);
	const ws = {};

	// .git marker: makes the tree a git work tree for rg, so grep honours .gitignore like in a real repo.
	ws[".git/HEAD"] = "ref: refs/heads/main\n";
	ws[".git/config"] = "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n";
	ws[".git/description"] = "Unnamed repository; edit this file 'description' to name the repository.\n";
	ws[".git/info/exclude"] = "# git ls-files --others --exclude-from=.git/info/exclude\n# Lines that start with '#' are comments.\n";

	// Hidden dot files and root files.
	ws[".gitignore"] = "# dependencies\nnode_modules/\n\n# build output\ndist/\ncoverage/\n*.tsbuildinfo\n\n# local env\n.env\n.DS_Store\n";
	ws[".editorconfig"] = "root = true\n\n[*]\nindent_style = tab\nend_of_line = lf\ninsert_final_newline = true\n\n[*.md]\ntrim_trailing_whitespace = false\n";
	ws[".prettierrc"] = JSON.stringify({ useTabs: true, printWidth: 120, singleQuote: false }, null, 2) + "\n";
	ws[".eslintrc.json"] = JSON.stringify({ root: true, extends: ["eslint:recommended"], rules: { "no-console": "warn" } }, null, 2) + "\n";
	ws[".env.example"] = "DATABASE_URL=postgres://localhost:5432/app\nREDIS_URL=redis://localhost:6379\nLOG_LEVEL=info\n";
	ws[".nvmrc"] = "20\n";
	ws[".npmrc"] = "engine-strict=true\nsave-exact=true\n";
	ws[".github/workflows/ci.yml"] = "name: ci\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm test\n";
	ws[".github/CODEOWNERS"] = "* @platform-team\n/src/billing/ @billing-team\n";
	ws[".github/pull_request_template.md"] = "## What\n\n## Why\n\n## How was it tested\n";
	ws[".vscode/settings.json"] = JSON.stringify({ "editor.formatOnSave": true, "typescript.tsdk": "node_modules/typescript/lib" }, null, 2) + "\n";
	ws[".vscode/extensions.json"] = JSON.stringify({ recommendations: ["dbaeumer.vscode-eslint", "esbenp.prettier-vscode"] }, null, 2) + "\n";
	ws[".husky/pre-commit"] = "#!/usr/bin/env sh\nnpx lint-staged\n";
	ws[".changeset/config.json"] = JSON.stringify({ changelog: "@changesets/cli/changelog", commit: false, baseBranch: "main" }, null, 2) + "\n";
	ws["src/.eslintrc.json"] = JSON.stringify({ rules: { "no-restricted-imports": ["error", "../../*"] } }, null, 2) + "\n";
	ws["package.json"] = packageJson(rng, "acme-platform", { private: true, scripts: { build: "tsc -p tsconfig.build.json", test: "vitest run", lint: "eslint ." } });
	ws["tsconfig.json"] = JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", strict: true, outDir: "dist", paths: { "@/*": ["./src/*"] } }, include: ["src", "tests"] }, null, 2) + "\n";
	ws["README.md"] = mdFile(rng, "Acme platform", 3000);
	ws["CHANGELOG.md"] = mdFile(rng, "Changelog", 4000);
	ws["LICENSE"] = "MIT License\n\nCopyright (c) 2024 Acme\n\nPermission is hereby granted, free of charge, to any person obtaining a copy of this software.\n";

	// src/: nested dirs (depth <= 5), a 500-entry icons dir, the 1 MB generated source.
	const srcDirs = [];
	for (const area of AREAS) srcDirs.push(...makeDirs(rng, `src/${area}`, 5, { 2: [3, 6], 3: [0, 3], 4: [0, 2] }));
	const pickDir = (dirs) => dirs[Math.floor(rng.next() ** 1.3 * dirs.length)];
	const kinds = [
		...Array(counts.srcTs).fill("ts"),
		...Array(counts.srcJs).fill("js"),
		...Array(counts.srcJson).fill("json"),
		...Array(counts.srcMd).fill("md"),
	];
	rng.shuffle(kinds);
	for (const kind of kinds) {
		const dir = rng.pick(srcDirs);
		if (kind === "ts") addFile(ws, dir, fileBase(rng), ".ts", "");
		else if (kind === "js") addFile(ws, dir, fileBase(rng), ".js", "");
		else if (kind === "json") addFile(ws, dir, rng.pick(["fixtures", "schema", "defaults", "messages", "routes"]), ".json", jsonFile(rng, rng.size(600)));
		else addFile(ws, dir, rng.pick(["README", "NOTES", "DESIGN"]), ".md", mdFile(rng, cap(dir.split("/").pop()), rng.size(1000)));
	}
	// Fill source bodies after placement so that addFile's collision suffixes do not disturb the stream.
	for (const p of Object.keys(ws)) {
		if (ws[p] !== "") continue;
		ws[p] = p.endsWith(".ts") ? tsFile(rng, p, rng.size(650)) : jsFile(rng, p, rng.size(600), "esm");
	}
	const iconNames = new Set();
	const iconVariants = ["", "-outline", "-solid", "-16", "-20", "-filled", "-sharp", "-duotone"];
	while (iconNames.size < ICON_COUNT) iconNames.add(`${rng.pick(VERBS)}-${rng.pick(NOUNS)}${rng.pick(iconVariants)}`);
	for (const name of [...iconNames].sort()) ws[`${ICONS_DIR}/${name}.ts`] = iconFile(rng, name);
	ws[BIG_SOURCE_PATH] = bigSourceFile(rng, Math.round(BIG_SOURCE_BYTES * scale));

	// tests/, docs/, scripts/, fixtures/ (+ the 5 MB log)
	const testDirs = makeDirs(rng, "tests", 4, { 1: [2, 2], 2: [4, 8], 3: [0, 3] });
	for (let i = 0; i < counts.tests; i++) addFile(ws, pickDir(testDirs), fileBase(rng), ".test.ts", testFile(rng, "", rng.size(650)));
	const docDirs = makeDirs(rng, "docs", 3, { 1: [4, 6], 2: [0, 3] });
	for (let i = 0; i < counts.docs; i++) addFile(ws, pickDir(docDirs), kebab(rng.pick(VERBS), rng.pick(ADJS), rng.pick(NOUNS)), ".md", mdFile(rng, sentence(rng, 2, 5).replace(/\.$/, ""), rng.size(1200)));
	const scriptDirs = ["scripts", "scripts/release", "scripts/ci"];
	for (let i = 0; i < counts.scripts; i++) addFile(ws, rng.pick(scriptDirs), kebab(rng.pick(VERBS), rng.pick(NOUNS)), ".js", jsFile(rng, "scripts/x.js", rng.size(1500), "cjs"));
	const fixtureDirs = makeDirs(rng, "fixtures", 3, { 1: [3, 5], 2: [0, 3] });
	for (let i = 0; i < counts.fixtures; i++) addFile(ws, pickDir(fixtureDirs), kebab(rng.pick(NOUNS), rng.pick(["response", "request", "snapshot", "seed"])), ".json", jsonFile(rng, rng.size(700)));
	ws[LOG_PATH] = logFile(rng, Math.round(LOG_LINES * scale));

	// dist/ (gitignored): compiled .js and .d.ts mirroring src areas.
	const distDirs = makeDirs(rng, "dist", 4, { 1: [8, 12], 2: [2, 5], 3: [0, 3] });
	for (let i = 0; i < counts.dist; i++) {
		if (rng.chance(0.7)) addFile(ws, pickDir(distDirs), fileBase(rng), ".js", jsFile(rng, "dist/x.js", rng.size(700), "dist"));
		else addFile(ws, pickDir(distDirs), fileBase(rng), ".d.ts", dtsFile(rng, rng.size(400)));
	}

	// node_modules/ (gitignored): packages with package.json, README, index.js, index.d.ts, lib/*.js.
	let nm = 0;
	for (let p = 0; nm < counts.nodeModules; p++) {
		const pkg = PACKAGES[p % PACKAGES.length] + (p >= PACKAGES.length ? `-${Math.floor(p / PACKAGES.length)}` : "");
		const root = `node_modules/${pkg}`;
		ws[`${root}/package.json`] = packageJson(rng, pkg);
		ws[`${root}/README.md`] = mdFile(rng, pkg, rng.size(1200));
		ws[`${root}/index.js`] = jsFile(rng, "index.js", rng.size(600), "cjs");
		ws[`${root}/index.d.ts`] = dtsFile(rng, rng.size(400));
		nm += 4;
		const libs = rng.int(10, 30);
		for (let i = 0; i < libs && nm < counts.nodeModules; i++, nm++) addFile(ws, `${root}/lib${rng.chance(0.3) ? "/internal" : ""}`, kebab(rng.pick(VERBS), rng.pick(NOUNS)), ".js", jsFile(rng, "lib/x.js", rng.size(550), "cjs"));
	}

	plantMarkers(rng, ws);
	return ws;
}

/**
 * Inserts `line` as a new line of an existing file, after a random line break (never before the first
 * line). With `topLevel`, only before a line that starts with "export " (so that TS stays well formed).
 */
function plant(rng, ws, path, line, topLevel = false) {
	const text = ws[path];
	const breaks = [];
	for (let i = text.indexOf("\n"); i !== -1 && i < text.length - 1; i = text.indexOf("\n", i + 1)) {
		if (!topLevel || text.startsWith("export ", i + 1)) breaks.push(i);
	}
	const at = breaks.length ? rng.pick(breaks) : text.length - 1;
	ws[path] = text.slice(0, at + 1) + line + "\n" + text.slice(at + 1);
}

function plantMarkers(rng, ws) {
	const paths = Object.keys(ws).sort();
	const visible = (p) => !p.startsWith("dist/") && !p.startsWith("node_modules/") && !p.startsWith(".git/");
	const choose = (pred, n) => rng.shuffle(paths.filter(pred)).slice(0, n);

	// Rare regex FIXME\(perf-[0-9]+\): 7 reported lines, plus one in dist/ and one in node_modules/ that
	// pi's grep must not report (both are gitignored).
	const rare = [
		...choose((p) => visible(p) && p.startsWith("src/") && p.endsWith(".ts") && p !== BIG_SOURCE_PATH && !p.startsWith(ICONS_DIR), 4),
		...choose((p) => p.startsWith("scripts/") && p.endsWith(".js"), 1),
		...choose((p) => p.startsWith("docs/") && p.endsWith(".md"), 1),
	];
	let n = 1;
	for (const p of rare) {
		const note = `FIXME(perf-${n++}): ${sentence(rng, 5, 10).toLowerCase()}`;
		plant(rng, ws, p, p.endsWith(".md") ? `<!-- ${note} -->` : `// ${note}`);
	}
	ws[BIG_SOURCE_PATH] = ws[BIG_SOURCE_PATH].replace("export const LOCALE_TABLE:", `// FIXME(perf-${n++}): split this table per area so bundles stop shipping every locale.\nexport const LOCALE_TABLE:`);
	for (const p of [...choose((p) => p.startsWith("dist/") && p.endsWith(".js"), 1), ...choose((p) => p.startsWith("node_modules/") && p.endsWith(".js"), 1)]) {
		plant(rng, ws, p, `// FIXME(perf-${n++}): ${sentence(rng, 5, 10).toLowerCase()}`);
	}

	// "deprecated" in mixed case: one line in each of 40 visible .ts files; decoys in .js/.md/.json
	// (excluded by glob *.ts) and in ignored dirs.
	const forms = [
		(r) => `/** @deprecated Use ${camel(r.pick(VERBS), r.pick(NOUNS))} instead. */`,
		(r) => `export const DEPRECATED_${r.pick(NOUNS).toUpperCase()}_KEYS = ["${r.pick(NOUNS)}"];`,
		(r) => `// Deprecated: kept for ${r.pick(NOUNS)} clients on the v1 API.`,
	];
	for (const p of choose((p) => visible(p) && p.endsWith(".ts") && p !== BIG_SOURCE_PATH, DEPRECATED_TS)) plant(rng, ws, p, rng.pick(forms)(rng), true);
	for (const p of choose((p) => visible(p) && /\.(js|md)$/.test(p), 10)) {
		const note = `Deprecated: ${sentence(rng, 3, 6).toLowerCase()}`;
		plant(rng, ws, p, p.endsWith(".md") ? `> ${note}` : `// ${note}`);
	}
	for (const p of choose((p) => p.startsWith("node_modules/") && p.endsWith(".d.ts"), 3)) plant(rng, ws, p, `/** @deprecated since 2.0 */`, true);
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

export function makeOperations(scale = 1) {
	const logLines = Math.round(LOG_LINES * scale);
	const counts = fileCounts(scale);
	const tailOffset = logLines - 99; // the last 100 log lines (+ the empty string after the final newline)
	const visibleTs = counts.srcTs + counts.tests + ICON_COUNT + 1; // + the 1 MB source; dist/ and node_modules/ are ignored
	return [
		{
			name: "grep-common-literal",
			tool: "grep",
			args: { pattern: "return", literal: true },
			expect: { includes: ["[100 matches limit reached. Use limit=200 for more, or refine pattern"], matchLines: 100 },
			note: "thousands of matching lines; rg is killed at the 100th match",
		},
		{
			name: "grep-rare-regex",
			tool: "grep",
			args: { pattern: "FIXME\\(perf-[0-9]+\\)" },
			expect: { excludes: ["limit reached", "dist/", "node_modules/"], matchLines: RARE_VISIBLE },
			note: "full scan of every non-ignored file (the 5 MB log included) for 7 matches",
		},
		{
			name: "grep-glob-ignorecase",
			tool: "grep",
			args: { pattern: "deprecated", glob: "*.ts", ignoreCase: true },
			expect: { excludes: ["limit reached", ".js:", ".md:", "node_modules/"], matchLines: DEPRECATED_TS },
			note: "only .ts files, case-insensitive; 40 matches",
		},
		{
			name: "grep-context-2",
			tool: "grep",
			args: { pattern: "throw new Error", context: 2 },
			expect: { includes: ["[100 matches limit reached"], matchLines: 100 },
			note: "100 matches, each rendered with 2 lines of context read back from the file",
		},
		{
			name: "find-all-ts",
			tool: "find",
			args: { pattern: "**/*.ts" },
			expect:
				visibleTs > 1000
					? { includes: ["[1000 results limit reached. Use limit=2000 for more, or refine pattern"], lines: 1002 }
					: { excludes: ["limit reached"], lines: visibleTs },
			note: "fd stops at --max-results 1000 (of about 2,800 .ts files); paths are kept short enough that the 50 KB cap never applies",
		},
		{
			name: "find-json-in-subdir",
			tool: "find",
			args: { pattern: "*.json", path: "src" },
			expect: { excludes: ["limit reached"], lines: counts.srcJson + 1 /* src/.eslintrc.json */ },
			note: "every .json under src/",
		},
		{
			name: "ls-root",
			tool: "ls",
			args: {},
			expect: { includes: [".gitignore", "node_modules/", "src/", "dist/"] },
			note: "24 entries, dirs and dot files included",
		},
		{
			name: "ls-500-entries",
			tool: "ls",
			args: { path: ICONS_DIR },
			expect: { excludes: ["limit reached"], lines: ICON_COUNT },
			note: "exactly 500 entries, one stat each",
		},
		{
			name: "read-5mb-head",
			tool: "read",
			args: { path: LOG_PATH },
			expect: { includes: [`of ${logLines + 1} (50.0KB limit). Use offset=`] },
			note: "reads and splits the whole 5 MB file; the 50 KB cap cuts it before the 2000-line cap",
		},
		{
			name: "read-5mb-tail-offset",
			tool: "read",
			args: { path: LOG_PATH, offset: tailOffset },
			expect: { excludes: ["Use offset="], lines: 101 },
			note: "offset near the end: the last 100 lines",
		},
		{
			name: "edit-1mb-one-line",
			tool: "edit",
			args: { path: BIG_SOURCE_PATH, edits: [{ oldText: EDIT_OLD, newText: EDIT_NEW }] },
			expect: { includes: [`Successfully replaced 1 block(s) in ${BIG_SOURCE_PATH}.`] },
			note: "one line in the 1 MB file; the file is restored before every run",
		},
		{
			name: "write-100kb",
			tool: "write",
			args: { path: WRITE_PATH, content: writeContent() },
			expect: { includes: [`Successfully wrote ${WRITE_BYTES} bytes to ${WRITE_PATH}`] },
			note: "creates a new 100 KiB file; it is deleted before every run",
		},
		{
			name: "bash-small",
			tool: "bash",
			args: { command: "ls src | wc -l" },
			expect: { includes: [`${AREAS.length + 1}\n`] /* 12 areas + generated/ (ls hides .eslintrc.json) */ },
			note: "extra (not in the brief): one short pipeline",
		},
		{
			name: "bash-5mb-output",
			tool: "bash",
			args: { command: `cat ${LOG_PATH}` },
			expect: { includes: ["(50.0KB limit). Full output: "] },
			note: "extra (not in the brief): 5 MB of output, tail-truncated, full copy spilled to a temp file",
		},
	];
}

export const OPERATIONS = makeOperations(1);

/** File count and total UTF-8 bytes of a workspace object. */
export function workspaceStats(ws) {
	const enc = new TextEncoder();
	let files = 0;
	let bytes = 0;
	let maxDepth = 0;
	for (const [p, content] of Object.entries(ws)) {
		files++;
		bytes += enc.encode(content).length;
		maxDepth = Math.max(maxDepth, p.split("/").length - 1);
	}
	return { files, bytes, maxDirDepth: maxDepth };
}

/** Checks a tool result text against an operation's `expect`; returns a list of problems (empty = ok). */
export function checkExpect(op, text) {
	const problems = [];
	const e = op.expect ?? {};
	for (const s of e.includes ?? []) if (!text.includes(s)) problems.push(`missing ${JSON.stringify(s)}`);
	for (const s of e.excludes ?? []) if (text.includes(s)) problems.push(`unexpected ${JSON.stringify(s)}`);
	if (e.matchLines !== undefined) {
		const body = text.split("\n\n[")[0];
		const n = body.split("\n").filter((l) => /^[^\s:]+:\d+: /.test(l)).length;
		if (n !== e.matchLines) problems.push(`matchLines ${n}, expected ${e.matchLines}`);
	}
	if (e.lines !== undefined) {
		const n = text.split("\n").length;
		if (n !== e.lines) problems.push(`lines ${n}, expected ${e.lines}`);
	}
	return problems;
}
