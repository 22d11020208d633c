/** The configuration engine as the products that make sections of devices' documents see it. */
export type { SectionProvider, SectionTarget } from './section-provider';
export { systemActor } from './system-actor';
