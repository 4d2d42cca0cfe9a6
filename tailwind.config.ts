// Tailwind 4 reads its theme from app/globals.css (@theme); this file is kept for editors and
// documents the one project rule: only logical spacing/position utilities (ms-, me-, ps-, pe-,
// start-, end-, text-start, text-end), never physical left/right ones, so Arabic mirrors for free.
const config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
};
export default config;
