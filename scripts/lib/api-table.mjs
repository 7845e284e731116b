// The README's API table, made from /api/openapi.json so the two cannot disagree. The e2e check
// (tests/core/openapi.e2e.test.ts) compares it with README.md, and rewrites it with UPDATE_API_TABLE=1.

export const TABLE_START = "<!-- api-table:start (generated from /api/openapi.json: UPDATE_API_TABLE=1 npx playwright test tests/core/openapi.e2e.test.ts) -->";
export const TABLE_END = "<!-- api-table:end -->";

const cell = (/** @type {string} */ text) =>
  text
    .replace(/\s*\n+\s*/g, " ")
    .replace(/\|/g, "\\|")
    .trim();

/**
 * @param {{ paths: Record<string, Record<string, { summary?: string, description?: string, tags?: string[] }>> }} document
 * @returns {string}
 */
export function apiTable(document) {
  /** @type {{ tag: string, line: string }[]} */
  const rows = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const [whoLine = "", ...rest] = (operation.description ?? "").split(/\n\n/);
      const who = whoLine.replace(/^\*\*Who:\*\*\s*/, "").replace(/\.$/, "");
      const what = [operation.summary ?? "", ...rest].filter(Boolean).join(". ").replace(/\.\./g, ".");
      rows.push({ tag: operation.tags?.[0] ?? "Other", line: `| \`${method.toUpperCase()} ${path}\` | ${cell(who)} | ${cell(what)} |` });
    }
  }
  // Grouped by feature, in the document's order within each.
  const tags = [...new Set(rows.map((row) => row.tag))];
  const lines = tags.flatMap((tag) => rows.filter((row) => row.tag === tag).map((row) => row.line));
  return [TABLE_START, "", "| Method and path | Who | What |", "|---|---|---|", ...lines, "", TABLE_END].join("\n");
}

/**
 * README.md with its table replaced by `table`.
 * @param {string} readme
 * @param {string} table
 */
export function withTable(readme, table) {
  const start = readme.indexOf("<!-- api-table:start");
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < 0) throw new Error("README.md has no api-table markers");
  return readme.slice(0, start) + table + readme.slice(end + TABLE_END.length);
}
