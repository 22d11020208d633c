import { z } from 'zod';
import { DASHBOARD_WIDGET_IDS, PRODUCT_DASHBOARD_WIDGETS, type DashboardProduct } from '../rules/dashboard-layout';
import { statingRules } from '../validators/documented';

// A tenant's dashboard layout per product: GET (members) and PUT (owners, admins)
// tenant/config/dashboard-layout/{product}/?tid=

export const dashboardLayoutPath = (product: DashboardProduct | ':product') => `tenant/config/dashboard-layout/${product}/`;

export const dashboardLayoutParamsSchema = z.object({ product: z.enum(['sdwan', 'ztna']) });

const entrySchema = z.object({ id: z.enum(DASHBOARD_WIDGET_IDS), shown: z.boolean() }).strict();

/** The widgets in the order they show; each at most once (which widgets a product has is checked with its product). */
export const dashboardLayoutBodySchema = statingRules(
  z
    .object({
      widgets: z
        .array(entrySchema)
        .min(1)
        .max(PRODUCT_DASHBOARD_WIDGETS.ztna.length)
        .superRefine((widgets, ctx) => {
          const seen = new Set<string>();
          widgets.forEach((w, i) => {
            if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `The widget '${w.id}' is named more than once.` });
            seen.add(w.id);
          });
        }),
    })
    .strict(),
  // With the product the path names (rules/dashboard-layout.ts).
  ["The widget '{id}' is named more than once.", "The {product} dashboard has no widget '{id}'.", 'The {widget} is always shown.'],
);
export type DashboardLayoutBody = z.input<typeof dashboardLayoutBodySchema>;

/** The layout in force: the saved one completed for today's widgets, or the default; `customized` says whether one was saved. */
export const dashboardLayoutSchema = z.object({
  product: z.enum(['sdwan', 'ztna']),
  widgets: z.array(z.object({ id: z.enum(DASHBOARD_WIDGET_IDS), shown: z.boolean() })),
  customized: z.boolean(),
});
export type DashboardLayoutResponse = z.infer<typeof dashboardLayoutSchema>;
