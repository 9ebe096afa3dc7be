// The specification's texts of this area are English already: the English reading is the same text.
export { loaderReport } from '../loader-report.ts';
