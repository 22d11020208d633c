// The render thread's entry (piscina loads it): the renderer is TypeScript, loaded through tsx
// whether or not the process itself runs under it (npm start does; the test runner does not).
import { tsImport } from 'tsx/esm/api';

const { renderReportFile } = await tsImport('./render-file.ts', import.meta.url);

export default renderReportFile;
