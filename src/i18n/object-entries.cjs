// node-polyglot (react-admin's i18n) requires the `object.entries` polyfill, which brings es-abstract's
// intrinsics (~5 kB gzipped) into the first load for a function every browser the portal supports has.
// vite.config.ts points that require here; CommonJS, so the require gets the function itself.
module.exports = Object.entries;
