// What reads a rules file's front matter: gray-matter (with its YAML reader) and smol-toml, bundled into one
// file by the build as markdown.ts is (tools/vendor-bundles.mjs). Import them from here, never from the packages.
export { default as matter } from 'gray-matter'
export { parse as parseToml } from 'smol-toml'
