import { describe, expect, it } from "vitest";
import { utf8Encode } from "../bytes";
import { createFileMutationQueue } from "../file-mutation-queue";
import { createEditToolDefinition, type EditToolInput, prepareEditArguments } from "./edit";
import { FakeFs } from "./fake-fs.test-support";
import type { TextContent } from "./types";

function setup(content: string | Uint8Array) {
  const fs = new FakeFs({ "/w/f.txt": content });
  const tool = createEditToolDefinition("/w", {
    operations: fs.editOps(),
    mutationQueue: createFileMutationQueue(),
  });
  const run = (edits: EditToolInput["edits"], path = "f.txt") =>
    tool.execute("t", { path, edits }, undefined, undefined, undefined);
  return { fs, run };
}

describe("edit: line endings and BOM", () => {
  it("keeps the BOM and writes every newline as CRLF when the first one was", async () => {
    const { fs, run } = setup("\uFEFFa\r\nb\nc\r\n");
    await run([{ oldText: "b\n", newText: "B\n" }]);
    expect(fs.text("/w/f.txt")).toBe("\uFEFFa\r\nB\r\nc\r\n");
  });

  it("keeps LF when the first newline is LF, turning lone CR and CRLF into LF", async () => {
    const { fs, run } = setup("a\nb\r\nc\rd");
    const result = await run([{ oldText: "d", newText: "D" }]);
    expect(fs.text("/w/f.txt")).toBe("a\nb\nc\nD");
    expect(result.details).toEqual({ diff: " 1 a\n 2 b\n 3 c\n-4 d\n+4 D", firstChangedLine: 4 });
  });

  it("matches an oldText written with CRLF against the normalised file", async () => {
    const { fs, run } = setup("x\r\ny\r\n");
    await run([{ oldText: "x\r\ny", newText: "z" }]);
    expect(fs.text("/w/f.txt")).toBe("z\r\n");
  });
});

describe("edit: matching", () => {
  it("applies several edits against the original, reporting the count", async () => {
    const { fs, run } = setup("one two three");
    const result = await run([
      { oldText: "three", newText: "3" },
      { oldText: "one", newText: "1" },
    ]);
    expect(result.content).toEqual([{ type: "text", text: "Successfully replaced 2 block(s) in f.txt." }]);
    expect(fs.text("/w/f.txt")).toBe("1 two 3");
  });

  it("falls back to fuzzy matching and then normalises the whole file", async () => {
    const { fs, run } = setup("keep \u2018this\u2019   \nsay \u201chi\u201d\n");
    await run([{ oldText: 'say "hi"', newText: "bye" }]);
    expect(fs.text("/w/f.txt")).toBe("keep 'this'\nbye\n");
  });

  it("counts uniqueness in fuzzy space even after an exact match", async () => {
    const { run } = setup("it's\nit\u2019s\n");
    await expect(run([{ oldText: "it's", newText: "x" }])).rejects.toThrow(
      "Found 2 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique.",
    );
  });

  it("uses pi's texts for single and multiple edits", async () => {
    const { run } = setup("aaa bbb aaa");
    await expect(run([{ oldText: "zzz", newText: "x" }])).rejects.toThrow(
      "Could not find the exact text in f.txt. The old text must match exactly including all whitespace and newlines.",
    );
    await expect(
      run([
        { oldText: "bbb", newText: "x" },
        { oldText: "zzz", newText: "x" },
      ]),
    ).rejects.toThrow(
      "Could not find edits[1] in f.txt. The oldText must match exactly including all whitespace and newlines.",
    );
    await expect(
      run([
        { oldText: "bbb", newText: "x" },
        { oldText: "aaa", newText: "x" },
      ]),
    ).rejects.toThrow(
      "Found 2 occurrences of edits[1] in f.txt. Each oldText must be unique. Please provide more context to make it unique.",
    );
    await expect(
      run([
        { oldText: "bbb", newText: "x" },
        { oldText: "", newText: "x" },
      ]),
    ).rejects.toThrow("edits[1].oldText must not be empty in f.txt.");
    await expect(
      run([
        { oldText: "a bbb", newText: "x" },
        { oldText: "aaa b", newText: "y" },
      ]),
    ).rejects.toThrow(
      "edits[1] and edits[0] overlap in f.txt. Merge them into one edit or target disjoint regions.",
    );
    await expect(run([{ oldText: "bbb", newText: "bbb" }])).rejects.toThrow(
      "No changes made to f.txt. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.",
    );
    const other = setup("one two");
    await expect(
      other.run([
        { oldText: "one", newText: "one" },
        { oldText: "two", newText: "two" },
      ]),
    ).rejects.toThrow("No changes made to f.txt. The replacements produced identical content.");
  });

  it("fails inside execute for an empty edits array", async () => {
    const { run } = setup("x");
    await expect(run([])).rejects.toThrow(
      "Edit tool input is invalid. edits must contain at least one replacement.",
    );
  });

  it("turns an access failure into pi's message with the error code", async () => {
    const { run } = setup("x");
    await expect(run([{ oldText: "x", newText: "y" }], "missing.txt")).rejects.toThrow(
      "Could not edit file: missing.txt. Error code: ENOENT.",
    );
  });

  it("leaves bytes it did not touch alone when matching exactly", async () => {
    const { fs, run } = setup(utf8Encode("caf\u00e9 \u2019q\u2019  \nend"));
    await run([{ oldText: "end", newText: "END" }]);
    expect(fs.text("/w/f.txt")).toBe("caf\u00e9 \u2019q\u2019  \nEND");
  });
});

describe("edit: prepareArguments", () => {
  it("parses a stringified edits array in place", () => {
    const raw = { path: "f", edits: JSON.stringify([{ oldText: "a", newText: "b" }]) };
    const prepared = prepareEditArguments(raw);
    expect(prepared.edits).toEqual([{ oldText: "a", newText: "b" }]);
    expect(raw.edits).toEqual([{ oldText: "a", newText: "b" }]);
  });

  it("leaves an unparsable string for validation to report", () => {
    expect(prepareEditArguments({ path: "f", edits: "[oops" })).toEqual({ path: "f", edits: "[oops" });
  });

  it("appends the legacy oldText/newText as one more edit and drops them", () => {
    expect(prepareEditArguments({ path: "f", oldText: "a", newText: "b" })).toEqual({
      path: "f",
      edits: [{ oldText: "a", newText: "b" }],
    });
    expect(
      prepareEditArguments({
        path: "f",
        edits: [{ oldText: "x", newText: "y" }],
        oldText: "a",
        newText: "b",
      }),
    ).toEqual({
      path: "f",
      edits: [
        { oldText: "x", newText: "y" },
        { oldText: "a", newText: "b" },
      ],
    });
  });
});

describe("edit: concurrency", () => {
  it("serialises edits of one file so none is lost", async () => {
    const lines = Array.from({ length: 10 }, (_, i) => `M${i}`);
    const fs = new FakeFs({ "/w/m.txt": `${lines.join("\n")}\n` });
    const tool = createEditToolDefinition("/w", {
      operations: fs.editOps(),
      mutationQueue: createFileMutationQueue(),
    });
    const results = await Promise.all(
      lines.map((line, i) =>
        tool.execute(
          `c${i}`,
          { path: "m.txt", edits: [{ oldText: line, newText: `done${i}` }] },
          undefined,
          undefined,
          undefined,
        ),
      ),
    );
    expect(results.map((r) => (r.content[0] as TextContent).text)).toEqual(
      lines.map(() => "Successfully replaced 1 block(s) in m.txt."),
    );
    expect(fs.text("/w/m.txt")).toBe(`${lines.map((_, i) => `done${i}`).join("\n")}\n`);
  });
});

describe("edit: writing spliced bytes (writeBytes)", () => {
  async function both(content: string | Uint8Array, edits: EditToolInput["edits"]) {
    const plain = setup(content);
    const spliced = new FakeFs({ "/w/f.txt": content });
    const tool = createEditToolDefinition("/w", {
      operations: spliced.editOps({ bytes: true }),
      mutationQueue: createFileMutationQueue(),
    });
    await plain.run(edits);
    await tool.execute("t", { path: "f.txt", edits }, undefined, undefined, undefined);
    return { expected: plain.fs.files.get("/w/f.txt"), got: spliced.files.get("/w/f.txt"), log: spliced.log };
  }

  it("writes the same bytes as encoding the whole text, with a BOM and multi-byte text around the edits", async () => {
    const content = "\uFEFFé 日本 🎉 start\nmiddle ä line\n😀 end ß\n";
    const { expected, got, log } = await both(content, [
      { oldText: "日本", newText: "Japan 🗾" },
      { oldText: "ä line", newText: "a" },
      { oldText: "end ß", newText: "fin — ok" },
    ]);
    expect(got).toEqual(expected);
    expect(log).toContain("writeBytes /w/f.txt");
  });

  it("falls back to the string for CRLF files, fuzzy matches and malformed bytes, with the same result", async () => {
    const bad = new Uint8Array([...utf8Encode("a "), 0xff, ...utf8Encode(" b\n")]);
    for (const [content, edits] of [
      ["a\r\nb\r\n", [{ oldText: "b", newText: "c" }]],
      ["say \u201chi\u201d\n", [{ oldText: 'say "hi"', newText: "bye" }]],
      [bad, [{ oldText: "b", newText: "c" }]],
    ] as const) {
      const { expected, got, log } = await both(content, [...edits]);
      expect(got).toEqual(expected);
      expect(log).not.toContain("writeBytes /w/f.txt");
    }
  });
});
