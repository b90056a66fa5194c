import { render } from "@testing-library/react";
import { expect, test } from "vitest";
import { ListOrNone } from "./list-or-none";

const items = [
  { id: "a", text: "First" },
  { id: "b", text: "Second" },
];

test("no items: only the line that says so, below the heading", () => {
  const { container } = render(
    <ListOrNone items={[]} none="No notes yet." className="gap-3">
      {() => <li>never</li>}
    </ListOrNone>,
  );
  expect(container.innerHTML).toBe('<p class="mt-3 text-sm text-zinc-400">No notes yet.</p>');
});

test("items: a column of each item's own <li>, an <ol> when ordered", () => {
  const { container } = render(
    <ListOrNone items={items} none="No notes yet." className="gap-2 text-sm" spacing="mt-4" ordered>
      {(item) => <li key={item.id}>{item.text}</li>}
    </ListOrNone>,
  );
  expect(container.innerHTML).toBe(
    '<ol class="mt-4 flex flex-col gap-2 text-sm"><li>First</li><li>Second</li></ol>',
  );
});
