// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types for a package that ships none; an import would not declare them for the other tsconfigs that compile the server (simulator, bench)
/// <reference path="./svg-to-pdfkit.d.ts" />
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportCell, ReportContent, ReportTable } from '@netloom/domain';
import { chartSvg } from './charts';

export interface PdfHeading {
  tenantName: string;
  /** Inventory is a snapshot at generation time: no period line. */
  period: { from: Date; to: Date } | null;
  generatedAt: Date;
}

/** A PDF's tables stop here; the CSV has every row. */
const PDF_MAX_TABLE_ROWS = 5_000;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN - 20;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const ACCENT = '#228be6';
const ROW_HEIGHT = 16;

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const stamp = (d: Date) => `${when.format(d)} UTC`;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A cell as the table shows it: times in the same form as the heading (the CSV keeps ISO times for spreadsheets). */
const cellText = (v: ReportCell) =>
  v === null ? '' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : typeof v === 'string' && ISO_TIME.test(v) ? when.format(new Date(v)) : String(v);

/** The first page: who and what, the period, and the headline figures in large type. */
function firstPage(doc: PDFKit.PDFDocument, content: ReportContent, heading: PdfHeading): void {
  doc.rect(0, 0, A4.width, 8).fill(ACCENT);
  doc.fillColor(MUTED).font('Helvetica').fontSize(12).text(heading.tenantName, MARGIN, MARGIN);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(content.title, MARGIN, doc.y + 4, { width: CONTENT_WIDTH });
  doc.font('Helvetica').fontSize(11).fillColor(MUTED);
  if (heading.period) doc.text(`Period: ${stamp(heading.period.from)} – ${stamp(heading.period.to)}`, MARGIN, doc.y + 8);
  doc.text(`Generated: ${stamp(heading.generatedAt)}`, MARGIN, doc.y + 2);

  // Figures two to a row, each a large number over its label.
  const top = doc.y + 24;
  const boxWidth = (CONTENT_WIDTH - 16) / 2;
  const boxHeight = 78;
  content.figures.forEach((f, i) => {
    const x = MARGIN + (i % 2) * (boxWidth + 16);
    const y = top + Math.floor(i / 2) * (boxHeight + 12);
    doc.roundedRect(x, y, boxWidth, boxHeight, 6).fill('#f1f3f5');
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(f.value.length > 12 ? 20 : 34);
    doc.text(f.value, x + 14, y + 12, { width: boxWidth - 28, height: 40, ellipsis: true, lineBreak: false });
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(11)
      .text(f.label, x + 14, y + boxHeight - 22, { width: boxWidth - 28, lineBreak: false });
  });
  doc.y = top + Math.ceil(content.figures.length / 2) * (boxHeight + 12) + 4;
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  for (const note of content.notes) doc.text(note, MARGIN, doc.y + 4, { width: CONTENT_WIDTH });
  doc.y += 12;
}

function ensureRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    doc.y = MARGIN;
  }
}

function charts(doc: PDFKit.PDFDocument, content: ReportContent): void {
  const height = 250;
  for (const chart of content.charts) {
    if (chart.data.length === 0 || chart.data.every((d) => d.value === 0)) continue;
    ensureRoom(doc, height + 10);
    SVGtoPDF(doc, chartSvg(chart, Math.round(CONTENT_WIDTH), height), MARGIN, doc.y, { width: CONTENT_WIDTH, height, assumePt: true });
    doc.y += height + 16;
  }
}

/** Rows laid out between two pauses: the layout is synchronous, and the instance has requests and sockets to serve meanwhile. */
const ROWS_PER_SLICE = 100;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A table with its header repeated on every page it runs over; cells cut to their column. */
async function table(doc: PDFKit.PDFDocument, t: ReportTable): Promise<void> {
  ensureRoom(doc, 60);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(t.title, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 6;
  const total = t.columns.reduce((s, c) => s + (c.width ?? 1), 0);
  const widths = t.columns.map((c) => ((c.width ?? 1) / total) * CONTENT_WIDTH);
  const row = (cells: string[], bold: boolean, shade: string | null) => {
    const y = doc.y;
    if (shade) doc.rect(MARGIN, y, CONTENT_WIDTH, ROW_HEIGHT).fill(shade);
    doc
      .fillColor(bold ? '#ffffff' : INK)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8);
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.text(text, x + 3, y + 4, { width: widths[i]! - 6, height: ROW_HEIGHT - 4, ellipsis: true, lineBreak: false });
      x += widths[i]!;
    });
    doc.y = y + ROW_HEIGHT;
  };
  const header = () =>
    row(
      t.columns.map((c) => c.title),
      true,
      '#495057',
    );
  header();
  if (t.rows.length === 0) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text('Nothing in this period.', MARGIN + 3, doc.y + 4);
    doc.y += 8;
  }
  const shown = t.rows.slice(0, PDF_MAX_TABLE_ROWS);
  for (const [i, r] of shown.entries()) {
    if (i % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await pause();
    if (doc.y + ROW_HEIGHT > BOTTOM) {
      doc.addPage();
      doc.y = MARGIN;
      header();
    }
    row(
      t.columns.map((c) => cellText(r[c.key] ?? null)),
      false,
      i % 2 ? '#f8f9fa' : null,
    );
  }
  if (t.rows.length > shown.length) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(`The first ${shown.length} of ${t.rows.length} rows; the CSV has them all.`, MARGIN, doc.y + 4);
  }
  doc.y += 18;
}

/**
 * The report's name and the page number at the foot of each page, drawn as the page begins: pages
 * are not held back to the end (a long table would make one long stall writing them all out).
 */
function footer(doc: PDFKit.PDFDocument, content: ReportContent, heading: PdfHeading, page: number): void {
  const { x, y } = doc;
  doc.fillColor(MUTED).font('Helvetica').fontSize(8);
  const at = A4.height - MARGIN + 8;
  doc.text(`${heading.tenantName} · ${content.title}`, MARGIN, at, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc.text(`Page ${page}`, MARGIN + CONTENT_WIDTH / 2, at, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
  doc.x = x;
  doc.y = y;
}

/** The report as a PDF (built-in Helvetica only: nothing to embed, nothing to install). */
export async function renderPdf(content: ReportContent, heading: PdfHeading): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 0, left: MARGIN, right: MARGIN },
    info: { Title: content.title, Author: heading.tenantName, Creator: 'Netloom' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let page = 1;
  footer(doc, content, heading, page);
  doc.on('pageAdded', () => footer(doc, content, heading, ++page));
  firstPage(doc, content, heading);
  charts(doc, content);
  for (const t of content.tables) await table(doc, t);
  doc.end();
  return done;
}
