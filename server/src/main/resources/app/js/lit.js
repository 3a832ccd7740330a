// lit-html, served by the server from its WebJar (/app/vendor/lit-html/). The app imports it from here only, so the
// library's paths are named once; the directives import "../lit-html.js" and so share this one module instance.
export { html, render, nothing } from '/app/vendor/lit-html/lit-html.js';
export { repeat } from '/app/vendor/lit-html/directives/repeat.js';
export { live } from '/app/vendor/lit-html/directives/live.js';
export { classMap } from '/app/vendor/lit-html/directives/class-map.js';
export { ifDefined } from '/app/vendor/lit-html/directives/if-defined.js';
export { ref, createRef } from '/app/vendor/lit-html/directives/ref.js';
