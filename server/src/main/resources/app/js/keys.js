// Keyboard shortcuts: a few app-wide ones (go to a section with "g" then a letter, "?" for help) plus the current
// view's own. Keys typed into a form field are left alone, and so are keys with Ctrl, Alt or Meta.

/** "g" then one of these: go to the section. */
export const GO_TO = [
  { key: 'j', label: 'Jobs', path: '/app/' },
  { key: 'p', label: 'Profiles', path: '/app/profiles' },
  { key: 'c', label: 'Checks', path: '/app/checks' },
  { key: 'm', label: 'Mappings', path: '/app/mappings' },
  { key: 'w', label: 'Workflows', path: '/app/workflows' },
  { key: 'e', label: 'Endpoints', path: '/app/endpoints' },
  { key: 'h', label: 'Webhooks', path: '/app/webhooks' },
  { key: 'b', label: 'Branding', path: '/app/branding' },
  { key: 'k', label: 'API keys', path: '/app/keys' },
];

const typing = target => target instanceof HTMLElement
  && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Listens on the document; `app` gives `view`, `navigate(path)`, `showHelp()` and `toggleTheme()`. */
export function installShortcuts(app) {
  let pendingG = 0;
  document.addEventListener('keydown', event => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (typing(event.target) || document.querySelector('dialog[open]')) return;
    const key = event.key;
    if (pendingG && Date.now() - pendingG < 1500) {
      pendingG = 0;
      const target = GO_TO.find(g => g.key === key);
      if (target) {
        event.preventDefault();
        app.navigate(target.path);
      }
      return;
    }
    if (key === 'g') { pendingG = Date.now(); return; }
    if (key === '?') { event.preventDefault(); app.showHelp(); return; }
    if (key === 't') { event.preventDefault(); app.toggleTheme(); return; }
    const own = app.view?.shortcuts().find(s => s.key === key);
    if (own) {
      event.preventDefault();
      own.run();
    }
  });
}

/** The app-wide shortcuts, for the help dialog. */
export const GLOBAL_SHORTCUTS = [
  { key: '?', label: 'Show the keyboard shortcuts' },
  { key: 't', label: 'Switch between dark and light mode' },
  ...GO_TO.map(g => ({ key: `g ${g.key}`, label: `Go to ${g.label}` })),
];
