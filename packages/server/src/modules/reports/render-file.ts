import type { ReportContent } from '@netloom/domain';
import { renderCsv } from './render-csv';
import { renderPdf, type PdfHeading } from './render-pdf';

/** What the renderer needs to write one report's file: plain data, so it crosses to the render thread as it is. */
export interface RenderTask {
  format: 'csv' | 'pdf';
  content: ReportContent;
  heading: PdfHeading;
}

/**
 * The report's file in its format (runs in the render thread, see renderer.ts).
 * @public render-thread.mjs loads it by name, where no import shows it
 */
export async function renderReportFile(task: RenderTask): Promise<Uint8Array> {
  return task.format === 'csv' ? renderCsv(task.content) : renderPdf(task.content, task.heading);
}
