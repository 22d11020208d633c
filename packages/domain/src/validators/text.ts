/** Name: a letter first, then letters, digits or underscores, at most 20 characters. */
export const isName = (value: string): boolean => /^[A-Za-z][A-Za-z0-9_]{0,19}$/.test(value);
export const isDigitsOnly = (value: string): boolean => /^\d+$/.test(value);
export const isLettersOnly = (value: string): boolean => /^[A-Za-z]+$/.test(value);

const NAVIGATION_KEYS = new Set(['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Tab', 'Home', 'End']);

/** Numeric key filter: digits, backspace, delete and arrows pass. */
export const isNumericKey = (key: string): boolean => /^\d$/.test(key) || NAVIGATION_KEYS.has(key);

/** Special-character filter: % & ( and ' are refused. */
export const isAllowedSpecialCharacterKey = (key: string): boolean => !['%', '&', '(', "'"].includes(key);
