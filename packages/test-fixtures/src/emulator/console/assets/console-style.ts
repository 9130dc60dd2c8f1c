/**
 * The web console's style sheet (served as `console.css`): system fonts, text and controls with a
 * contrast of at least 4.5:1, and a focus ring on everything that takes the keyboard.
 */
export const CONSOLE_STYLE = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5560; --line: #c9d1d9; --accent: #0b57d0; --bad: #a4161a; --good: #1a7f37; --paper: #ffffff; --shade: #f3f5f7; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
header.top { display: flex; align-items: baseline; gap: 1rem; padding: .6rem 1rem; background: #0f2d52; color: #fff; }
header.top h1 { font-size: 1.1rem; margin: 0; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: .5rem; background: #fff; color: var(--ink); padding: .3rem .6rem; z-index: 1; }
#app { padding: 0 1rem 2rem; }
.bar { display: flex; flex-wrap: wrap; align-items: end; gap: 1rem; padding: .6rem 0; border-bottom: 1px solid var(--line); }
#clock { color: var(--muted); font-variant-numeric: tabular-nums; }
#views ul { display: flex; flex-wrap: wrap; gap: .25rem; list-style: none; margin: .6rem 0; padding: 0; }
#views a { display: inline-block; padding: .35rem .7rem; border: 1px solid var(--line); border-radius: 4px; color: var(--accent); text-decoration: none; }
#views a[aria-current="page"] { background: var(--accent); border-color: var(--accent); color: #fff; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid #f0a000; outline-offset: 2px; }
h2 { font-size: 1.15rem; margin: 1rem 0 .5rem; }
h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
form.query, form.signin { display: flex; flex-wrap: wrap; align-items: end; gap: .6rem 1rem; margin: .4rem 0 .8rem; }
form.signin { flex-direction: column; align-items: start; max-width: 24rem; }
.field { display: flex; flex-direction: column; gap: .15rem; }
.field label { font-size: .85rem; color: var(--muted); }
input, select, button { font: inherit; color: var(--ink); border: 1px solid #7d8792; border-radius: 4px; padding: .3rem .5rem; background: #fff; }
input[type="checkbox"] { width: 1.2rem; height: 1.2rem; }
button { background: var(--accent); border-color: var(--accent); color: #fff; cursor: pointer; }
button:disabled { background: var(--shade); border-color: var(--line); color: var(--muted); cursor: default; }
button.danger { background: var(--bad); border-color: var(--bad); }
table { border-collapse: collapse; width: 100%; margin: .3rem 0; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--shade); }
td { overflow-wrap: anywhere; }
ul.scopes { margin: 0; padding-left: 1rem; }
.pager { display: flex; gap: .8rem; align-items: center; margin: .4rem 0; }
.status { min-height: 1.4rem; margin: .4rem 0; color: var(--good); }
.status.error { color: var(--bad); font-weight: 600; }
.http { font-weight: 600; font-variant-numeric: tabular-nums; }
.http.s2 { color: var(--good); }
.http.s4, .http.s5, .http.scut { color: var(--bad); }
#detail { margin-top: 1rem; border-top: 2px solid var(--line); }
pre.json { background: var(--shade); padding: .6rem; overflow: auto; max-height: 32rem; font-size: .85rem; }
`;
