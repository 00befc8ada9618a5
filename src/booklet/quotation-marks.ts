// The quotation marks of a language: render/text's, which card faces use too.
export { quotationMarks } from '../render/text/quotation-marks.ts'
