// Chart constants of spec 000 §9 / 001 §9.

/** Default line colours of the time-series chart: blue, green, orange, red. */
export const DEFAULT_LINE_COLORS = ['#228be6', '#40c057', '#fd7e14', '#fa5252'] as const;

/** Pie/donut palette: ten colours that stay apart from each other on light backgrounds. */
export const PIE_PALETTE = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#e64980', '#82c91e', '#868e96'] as const;

/** Inside labels of slices below this share would overlap their neighbours, so they are hidden. */
export const PIE_INSIDE_LABEL_MIN_PERCENT = 6;

export const TOOLTIP_THROTTLE_MS = 1000;

export const NO_DATA_TEXT = 'No Data';
