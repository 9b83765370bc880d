import { Type } from '@sinclair/typebox';

/**
 * What a name may not hold: control characters, line and paragraph separators, and the bidi
 * embeddings, overrides and isolates, which reorder the text shown after them (`U+202E` makes
 * "Acme\u202Eexe.gpj" read as "Acmejpg.exe"). Right-to-left text itself is welcome.
 */
const notInName = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

/** Runs of what a name may not hold, to make a name of other text (each run one space). */
export const notInNameRuns = new RegExp(`[${notInName}]+`, 'gu');

/**
 * A display name (organizations, users, passkeys): one line of 1–`maxLength` characters, not only
 * spaces. A name opens the SMS text of a link and heads pages and lists, so it could otherwise pose
 * as another message or hide what follows it.
 */
export const oneLineName = (maxLength: number, description: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: `^[^${notInName}]*[^\\s${notInName}][^${notInName}]*$`,
    description: `${description}: one line (no control characters, line separators or bidi overrides)`,
  });
