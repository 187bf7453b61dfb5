import { describe, expect, it } from "vitest";
import { createMemfsWorkspace } from "../workspace";
import { ENDLESS_READ_BYTES, headBytesFromDevice } from "./devices";
import { createMemfsBashOperations } from "./index";
import { parseSeq, SEQ_MAX_ITEMS, seqCommand } from "./seq";
import { YES_MAX_BYTES } from "./yes";

/** Runs `command` on the real engine over a fresh workspace. */
async function run(command: string, signal?: AbortSignal) {
  const workspace = createMemfsWorkspace({});
  const ops = createMemfsBashOperations(workspace);
  let output = "";
  const decoder = new TextDecoder();
  const { exitCode } = await ops.exec(command, workspace.root, {
    onData: (d) => {
      output += decoder.decode(d, { stream: true });
    },
    signal,
  });
  return { output, exitCode };
}

describe("seq past the engine's 100,000 items (seq.ts)", () => {
  it("prints the last of 300,000 numbers, as GNU seq", async () => {
    expect(await run("seq 1 300000 | tail -2")).toEqual({ output: "299999\n300000\n", exitCode: 0 });
  });

  it("counts a million lines, its limit", async () => {
    expect(await run(`seq 1 ${SEQ_MAX_ITEMS} | wc -l`)).toEqual({
      output: `${SEQ_MAX_ITEMS}\n`,
      exitCode: 0,
    });
  }, 20_000);

  it("keeps GNU's decimals, width and separator", async () => {
    const r = await run("seq 1 0.5 2; seq 1 2.5; seq 1.0 3; seq -s, 3; seq -w -3 2 | tr '\\n' ' '; seq 5 1");
    expect(r.output).toBe("1.0\n1.5\n2.0\n1\n2\n1.0\n2.0\n3.0\n1,2,3\n-3 -2 -1 00 01 02 ");
  });

  it("gives the thread back between pieces and stops there once aborted", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 0); // fires before seq's first yield returns
    const ctx = { signal: controller.signal } as unknown as Parameters<typeof seqCommand.execute>[1];
    const result = await seqCommand.execute(["1", String(SEQ_MAX_ITEMS)], ctx);
    expect(result).toMatchObject({ stdout: "", exitCode: 130 });
  });

  it("leaves what it does not handle to the bundled seq", () => {
    expect(parseSeq(["-f", "%g", "3"])).toBeNull();
    expect(parseSeq(["0x10"])).toBeNull();
    expect(parseSeq(["1", "0", "3"])).toBeNull();
    expect(parseSeq(["-s", ":", "-w", "2", "4"])).toEqual({
      operands: [2, 4],
      decimals: 0,
      separator: ":",
      equalWidth: true,
    });
  });
});

describe("yes (yes.ts)", () => {
  it("repeats y, or its arguments joined by spaces, for as long as head reads", async () => {
    expect(await run("yes | head -3")).toEqual({ output: "y\ny\ny\n", exitCode: 0 });
    expect(await run("yes abc def | head -2")).toEqual({ output: "abc def\nabc def\n", exitCode: 0 });
    expect((await run("yes héllo wörld | head -2")).output).toBe("héllo wörld\nhéllo wörld\n");
  });

  it("ends as GNU yes does when its reader stops (141), and stops at its bound when nothing does", async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash array, not a template literal
    expect((await run("yes | head -1; echo ${PIPESTATUS[@]}")).output).toBe("y\n141 0\n");
    expect((await run("yes | wc -c")).output).toBe(`${YES_MAX_BYTES}\n`);
  });
});

describe("the endless devices (devices.ts)", () => {
  it("/dev/zero gives as many NUL bytes as head asks for", async () => {
    expect(await run("head -c 30000000 /dev/zero | wc -c")).toEqual({ output: "30000000\n", exitCode: 0 });
    expect((await run("head -c 4 /dev/zero | od -c")).output).toBe("0000000   \\0  \\0  \\0  \\0\n0000004\n");
    expect((await run("head -c 100 < /dev/zero | wc -c")).output).toBe("100\n");
  });

  it("/dev/urandom and /dev/random exist and give bytes; a whole read is bounded", async () => {
    expect((await run("head -c 1000 /dev/urandom | wc -c; head -c 16 /dev/random | wc -c")).output).toBe(
      "1000\n16\n",
    );
    const differ = await run(
      'a=$(head -c 16 /dev/urandom | od -An -tx1); b=$(head -c 16 /dev/urandom | od -An -tx1); [ "$a" != "$b" ] && echo differ',
    );
    expect(differ.output).toBe("differ\n");
    expect((await run("cat /dev/zero | wc -c")).output).toBe(`${ENDLESS_READ_BYTES}\n`);
    expect((await run("test -c /dev/urandom && echo char")).output).toBe("char\n");
  });

  it("swallows writes to /dev/null and /dev/zero instead of storing them", async () => {
    const r = await run(
      "echo x >> /dev/null; echo y > /dev/zero; cat /dev/null | wc -c; head -c 2 /dev/zero | od -c",
    );
    expect(r.output).toBe("0\n0000000   \\0  \\0\n0000002\n");
  });

  it("head's byte request on a device: -c N, -cN, --bytes=N; anything else goes to the bundled head", () => {
    expect(headBytesFromDevice(["-c", "5", "/dev/zero"])).toEqual({ device: "/dev/zero", size: 5 });
    expect(headBytesFromDevice(["-c7", "/dev/urandom"])).toEqual({ device: "/dev/urandom", size: 7 });
    expect(headBytesFromDevice(["--bytes=9", "/dev/zero"])).toEqual({ device: "/dev/zero", size: 9 });
    expect(headBytesFromDevice(["-n", "1", "/dev/zero"])).toBeNull();
    expect(headBytesFromDevice(["-c", "5", "a.txt"])).toBeNull();
  });
});
