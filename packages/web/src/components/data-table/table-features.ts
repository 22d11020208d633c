import { rowSelectionFeature, rowSortingFeature, tableFeatures } from '@tanstack/react-table';

/**
 * The TanStack Table features the data table uses (v9 registers each; the rest is not bundled):
 * sorting state (the order itself is the domain's) and row selection.
 */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature });
export type DataTableFeatures = typeof dataTableFeatures;
