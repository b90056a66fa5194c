/**
 * The one script of `/` (decision 0067), inline after the band and a few hundred bytes: with
 * Save-Data the loops do not play by themselves (no media query tells CSS), and the closer look
 * plays when opened and pauses when closed (a clip with sound would go on playing, hidden). It
 * runs when the parser reaches it, after the headline, and asks for nothing.
 */
export const lookScript =
  'navigator.connection?.saveData&&document.querySelectorAll(".work-loop-video").forEach(v=>{v.autoplay=!1});addEventListener("toggle",e=>{const v=e.target.matches?.(".work-look")&&e.target.querySelector("video");v&&(e.newState=="open"?v.play().catch(()=>{}):v.pause())},!0)';
