/**
 * Finds `DELETE` and `UPDATE` statements without a `WHERE` clause in SQL text (a function body):
 * the statements pg-safeupdate, which hosted Supabase loads for API sessions, refuses.
 * Comments and string literals are ignored; statements inside CTEs and parentheses are checked
 * at their own nesting level.
 */
export function unguardedWrites(sql: string): string[] {
  const tokens = tokenize(stripLiterals(sql));
  const found: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token === '(') depth += 1;
    else if (token === ')') depth -= 1;
    else if (isWriteStart(tokens, i)) {
      const start = depth;
      let level = depth;
      let guarded = false;
      let j = i + 1;
      for (; j < tokens.length; j += 1) {
        const next = tokens[j]!;
        if (next === '(') level += 1;
        else if (next === ')') {
          level -= 1;
          if (level < start) break;
        } else if (next === ';' && level === start) break;
        else if (next === 'where' && level === start) guarded = true;
      }
      if (!guarded) found.push(tokens.slice(i, Math.min(j, i + 6)).join(' '));
    }
  }
  return found;
}

function isWriteStart(tokens: string[], i: number): boolean {
  const token = tokens[i];
  const before = tokens[i - 1];
  if (token === 'delete') return tokens[i + 1] === 'from';
  if (token !== 'update') return false;
  // "on conflict … do update", "for [no key] update" (row locks) and "on update" are not statements.
  if (before === 'do' || before === 'for' || before === 'key' || before === 'on') return false;
  // update <table> [[as] alias] set …
  return tokens.slice(i + 2, i + 5).includes('set');
}

function stripLiterals(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$/g, "''")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, 'ident');
}

function tokenize(sql: string): string[] {
  return sql.toLowerCase().match(/[a-z_][\w$]*(?:\.[a-z_][\w$]*)*|[();]|[^\s\w();]+|\d+/g) ?? [];
}
