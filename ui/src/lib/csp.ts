/**
 * Records every Content-Security-Policy violation of the window in
 * `window.__cspViolations` (the e2e suite asserts it stays empty: no inline
 * style or script, no eval, slipped into the build).
 */
export function recordCspViolations(): void {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener("securitypolicyviolation", (e) => {
    seen.push(`${e.violatedDirective}: ${e.blockedURI || "inline"} ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
  });
}
