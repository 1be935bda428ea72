// Apart from format.ts (which re-exports it) so that the forms' schemas (common.ts) bring only this
// into a sign-in page's JS, not every formatter (docs/storefront.md, "Fourth round").

/**
 * Digits as a person types or pastes them: full-width ０–９ (what a Chinese keyboard types) made ASCII,
 * every space (also the full-width U+3000) dropped. The bank digits' schema (contracts/common.ts) applies
 * it before checking, so the browser's form and the server read 「１２３４５」 and 「 12345 」 alike.
 */
export const normaliseDigits = (s: string): string => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[\s\u3000]+/g, '');
