import { z } from 'zod';

/**
 * Control characters nobody types: C0 controls other than tab, line feed and carriage return, and DEL.
 * PostgreSQL refuses NUL in text, and the others only ever arrive from scripts probing for errors.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const PRINTABLE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * Every string a caller sends us (body, query, path) starts here: a string without control characters,
 * refused with a field error before any code runs or anything is written.
 */
export const text = () => z.string().regex(PRINTABLE, { error: 'Control characters are not allowed' });
