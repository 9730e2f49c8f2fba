/*
 * Sets the theme on <html data-theme> before the first paint, so a dark page never flashes
 * light: the visitor's stored choice, else the system's setting, which it then follows while
 * no choice is stored. A classic script in <head>, not inline: the site's CSP allows no inline
 * script. The key and values are those of web/src/theme/theme-preference.ts; keep them in step.
 */
(function () {
  var KEY = 'folio-theme';
  var root = document.documentElement;
  var systemDark = window.matchMedia('(prefers-color-scheme: dark)');

  function stored() {
    try {
      var value = window.localStorage.getItem(KEY);
      return value === 'light' || value === 'dark' ? value : null;
    } catch (error) {
      return null; // storage blocked (private mode, policy): follow the system
    }
  }

  function apply() {
    root.setAttribute('data-theme', stored() || (systemDark.matches ? 'dark' : 'light'));
  }

  apply();
  if (systemDark.addEventListener) systemDark.addEventListener('change', apply);
  else if (systemDark.addListener) systemDark.addListener(apply); // Safari before 14
  // A choice made in another tab.
  window.addEventListener('storage', function (event) {
    if (event.key === KEY || event.key === null) apply();
  });
})();
