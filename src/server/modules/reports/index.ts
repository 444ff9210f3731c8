// What other modules may use of modules/reports (docs/ARCHITECTURE.md, Layers and imports).
export { realTimeFigures } from './real-time.ts';
