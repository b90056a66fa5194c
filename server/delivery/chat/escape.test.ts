import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defuse, discordText, plainLine, slackText, teamsText } from "./escape.ts";

const zwsp = "\u200b";
/** What the text looks like once the invisible spaces are taken out. */
const visible = (text: string) => text.replaceAll(zwsp, "");

/** What an attacker would type into the name or handle fields. */
const attacks = [
  "@everyone",
  "@here",
  "@channel",
  "<!channel>",
  "<!here|here>",
  "<@U024BE7LH>",
  "<@&123456789012345678>",
  "<#C024BE7LR|general>",
  "<https://evil.example|Click me>",
  "[Click me](https://evil.example)",
  "https://evil.example/login",
  "www.evil.example",
  "evil.example",
  "victim@evil.example",
  "*bold* _italic_ ~strike~ `code` ||spoiler||",
  "Maya\n# Heading\n> quote\n- list\n1. item",
  "Maya\u202Eevil\u202C\u200B",
  "{{DATE(2017-02-14T06:08:39Z, SHORT)}}",
  ":rotating_light: <t:1700000000:R> </deploy:123>",
];

describe("plainLine", () => {
  it("makes one line: line breaks and tabs become a space, format characters go", () => {
    expect(plainLine("  Maya\r\n\tLopez  ")).toBe("Maya Lopez");
    expect(plainLine("Maya\u202Eevil\u202C\u200B\u2066")).toBe("Mayaevil");
    expect(plainLine("a\u2028b\u2029c")).toBe("a b c");
  });

  it("keeps emoji sequences (their zero-width joiner) and caps the length", () => {
    expect(plainLine("👩‍🎤 Maya")).toBe("👩‍🎤 Maya");
    expect(plainLine("x".repeat(300), 10)).toBe(`${"x".repeat(10)}…`);
    expect(plainLine("\u200B \n")).toBe("—");
  });
});

describe("defuse", () => {
  it("breaks mentions, links, addresses and template calls with an invisible space", () => {
    expect(defuse("@everyone")).toBe(`@${zwsp}everyone`);
    expect(defuse("https://evil.example")).toBe(`https:${zwsp}//evil.${zwsp}example`);
    expect(defuse("maya@mail.example")).toBe(`maya@${zwsp}mail.${zwsp}example`);
    expect(defuse("{{DATE(x)}}")).toBe(`{${zwsp}{DATE(x)}}`);
    expect(defuse("Hi. I am @ home: yes")).toBe("Hi. I am @ home: yes");
  });
});

describe("slackText", () => {
  it("escapes Slack's three control characters", () => {
    expect(slackText("Tom & Jerry <3 >_<")).toBe("Tom &amp; Jerry &lt;3 &gt;_&lt;");
    expect(slackText("<!channel>")).toBe("&lt;!channel&gt;");
    expect(slackText("<@U024BE7LH>")).toBe(`&lt;@${zwsp}U024BE7LH&gt;`);
  });

  it("never leaves a control sequence, a mention, a link or a line break", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...attacks)), (input) => {
        const out = slackText(input);
        expect(out).not.toMatch(/[<>\n\r]/);
        expect(out).not.toMatch(/&(?!amp;|lt;|gt;)/);
        expect(out).not.toMatch(/@(?!\u200b|\s|$)/);
        expect(out).not.toMatch(/[a-z0-9]\.[a-z0-9]/i);
        expect(out).not.toMatch(/:\/\//);
      }),
    );
  });
});

describe("discordText", () => {
  it("puts a backslash before every markdown character", () => {
    expect(discordText("*bold* _x_ ~~s~~ `c` ||spoiler||")).toBe(
      "\\*bold\\* \\_x\\_ \\~\\~s\\~\\~ \\`c\\` \\|\\|spoiler\\|\\|",
    );
    expect(discordText("[Click](https://evil.example)")).toBe(
      `\\[Click\\]\\(https\\:${zwsp}\\/\\/evil\\.${zwsp}example\\)`,
    );
    expect(discordText("@everyone <@123>")).toBe(`\\@${zwsp}everyone \\<\\@${zwsp}123\\>`);
  });

  it("leaves no ASCII punctuation unescaped, no line break, no bare mention or link", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...attacks)), (input) => {
        const out = discordText(input);
        // Every punctuation mark is preceded by a backslash that is itself not escaped.
        const unescaped = out.replace(/\\[!-/:-@[-`{-~]/g, "");
        expect(unescaped).not.toMatch(/[!-/:-@[-`{-~]/);
        expect(out).not.toMatch(/[\n\r]/);
        // Read as Discord reads it (a backslash shows the next character), it is the input.
        expect(visible(out.replace(/\\([!-/:-@[-`{-~])/g, "$1"))).toBe(visible(plainLine(input)));
      }),
    );
  });
});

describe("teamsText", () => {
  it("is the text itself (TextRuns are not markdown), one line, defused", () => {
    expect(teamsText("**Maya** [x](https://e.example)")).toBe(
      `**Maya** [x](https:${zwsp}//e.${zwsp}example)`,
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...attacks)), (input) => {
        const out = teamsText(input);
        expect(out).not.toMatch(/[\n\r]|\{\{|@(?!\u200b|\s|$)|:\/\//);
        expect(visible(out)).toBe(visible(plainLine(input)));
      }),
    );
  });
});
