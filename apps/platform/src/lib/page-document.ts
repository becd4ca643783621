/** Text safe inside a double-quoted attribute (a served page's path comes from the request). */
const attribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The built shell with a rendered page in its root element (at build time for the prerendered pages,
 * at serve time for `/@{username}` and `/s/{slug}`). React writes the page's `<title>`,
 * `<meta name="description">` and its preloads (a first image's) first; they go into the head
 * ahead of the shell's defaults (the first title is the document's), marked so that main.tsx hands
 * them back to React before hydrating.
 */
export function pageDocument(shell: string, page: string, rendered: string): string {
  let body = rendered;
  const head: string[] = [];
  for (;;) {
    const tag =
      /^(?:<title>[^<]*<\/title>|<meta name="description" content="[^"]*"\/>|<link rel="preload" [^<>]*\/>)/.exec(
        body,
      );
    if (!tag) break;
    head.push(tag[0].replace(/^<(title|meta|link)/, '<$1 data-prerendered'));
    body = body.slice(tag[0].length);
  }
  const marker = '<div id="root"></div>';
  if (!shell.includes(marker) || !/<title>/i.test(shell))
    throw new Error('index.html needs a <title> and an empty <div id="root"></div>');
  return shell
    .replace(/<title>/i, () => `${head.map((tag) => `${tag}\n    `).join('')}<title>`)
    .replace(marker, () => `<div id="root" data-prerendered="${attribute(page)}">${body}</div>`);
}
