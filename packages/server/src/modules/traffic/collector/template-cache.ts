import type { Template } from './templates';

/** Exporters send their templates again every few minutes (softflowd every 16 datagrams, routers by timer or count); one unrefreshed this long is gone. */
const TEMPLATE_LIFETIME_MS = 30 * 60_000;
/** Templates one exporter may hold: a hostile or broken exporter defining thousands cannot grow the server's memory without bound. */
const MAX_TEMPLATES_PER_EXPORTER = 1024;

interface Kept {
  template: Template;
  refreshedAt: number;
}

/**
 * Templates per (exporter address, observation domain / source id, template id), as RFC 7011 §8
 * scopes them: two exporters, or two line cards of one, may use the same id for different layouts.
 */
export class TemplateCache {
  private readonly byExporter = new Map<string, Map<string, Kept>>();

  constructor(private readonly lifetimeMs = TEMPLATE_LIFETIME_MS) {}

  /** Keeps or refreshes a template; false when the exporter holds too many already (the new one is not kept). */
  set(exporter: string, domain: number, template: Template, now: number): boolean {
    let kept = this.byExporter.get(exporter);
    if (!kept) this.byExporter.set(exporter, (kept = new Map()));
    const key = `${domain}/${template.id}`;
    if (!kept.has(key) && kept.size >= MAX_TEMPLATES_PER_EXPORTER) {
      this.dropExpired(kept, now);
      if (kept.size >= MAX_TEMPLATES_PER_EXPORTER) return false;
    }
    kept.set(key, { template, refreshedAt: now });
    return true;
  }

  get(exporter: string, domain: number, id: number, now: number): Template | null {
    const kept = this.byExporter.get(exporter);
    const found = kept?.get(`${domain}/${id}`);
    if (!found) return null;
    if (now - found.refreshedAt > this.lifetimeMs) {
      kept!.delete(`${domain}/${id}`);
      return null;
    }
    return found.template;
  }

  withdraw(exporter: string, domain: number, id: number): void {
    this.byExporter.get(exporter)?.delete(`${domain}/${id}`);
  }

  /** An exporter no longer mapped to a device: its templates go with it. */
  forget(exporter: string): void {
    this.byExporter.delete(exporter);
  }

  private dropExpired(kept: Map<string, Kept>, now: number): void {
    for (const [key, k] of kept) if (now - k.refreshedAt > this.lifetimeMs) kept.delete(key);
  }
}
