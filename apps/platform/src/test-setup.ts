// jsdom lays nothing out, so it has no scrolling API; the app scrolls fields into view after a
// failed submit (lib/focus-invalid.ts). A no-op stands in for it in unit tests.
const prototype = Element.prototype as Partial<Pick<Element, 'scrollIntoView'>>;
prototype.scrollIntoView ??= () => {};
