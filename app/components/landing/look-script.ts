/**
 * The one script of `/` (decision 0067), inline after the band, a few hundred bytes, asking for
 * nothing. It runs when the parser reaches it, before the loops can come near:
 * - it lets the loops play by themselves (`autoplay`), unless the visitor asked for reduced
 *   motion or Save-Data. Not in the markup: without scripts, Chromium loads nothing lazily (the
 *   HTML standard turns lazy loading off then), and an autoplaying video would load at once;
 * - the closer look plays when opened and pauses when closed (a clip with sound would go on
 *   playing, hidden). Without scripts, its controls play it.
 */
export const lookScript =
  'matchMedia("(prefers-reduced-motion:reduce)").matches||navigator.connection?.saveData||document.querySelectorAll(".work-loop-video").forEach(v=>v.autoplay=1);addEventListener("toggle",e=>{let v=e.target.matches?.(".work-look")&&e.target.querySelector("video");v&&(e.newState>"o"?v.play().catch(()=>0):v.pause())},1)';
