// The markdown parser the rules are read with: unified, remark-parse and remark-gfm. They are ~200 small ES
// modules, which Node 20 loads one file at a time (~115 ms of CPU on every command that reads rules); the
// build bundles this file with them into one (tools/vendor-bundles.mjs), which loads in ~25 ms. Import them
// from here, never from the packages, so that the bundle is what the compiled code loads.
export { default as remarkGfm } from 'remark-gfm'
export { default as remarkParse } from 'remark-parse'
export { unified } from 'unified'
