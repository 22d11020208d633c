import { REPORT_CONTENT_TYPES, reportFileName, type ReportFormat, type ReportKind } from '@netloom/domain';
import { reportContent } from './content';
import type { RenderTask } from './render-file';
import type { ReportScope, ReportSources } from './sources';

export interface ReportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/**
 * Reads what the report says and renders it in its format with `render` (the render thread, see
 * renderer.ts); `progress` hears 0–95 as it goes.
 */
export async function generateReport(
  what: { kind: ReportKind; format: ReportFormat },
  scope: ReportScope,
  sources: ReportSources,
  progress: (p: number) => Promise<void>,
  now: Date,
  render: (task: RenderTask) => Promise<Buffer>,
): Promise<ReportFile> {
  await progress(10);
  const content = await reportContent(what.kind, sources, scope, progress);
  await progress(80);
  const file = await render({
    format: what.format,
    content,
    heading: {
      tenantName: await sources.tenantName(scope.tenantId),
      period: what.kind === 'inventory' ? null : { from: scope.from, to: scope.to },
      generatedAt: now,
    },
  });
  await progress(95);
  return { fileName: reportFileName(what.kind, what.format, scope.from, scope.to), contentType: REPORT_CONTENT_TYPES[what.format], content: file };
}
