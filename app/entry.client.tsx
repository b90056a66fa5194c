import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's default entry, one change: evaluating this module (React DOM and the router,
 * 211 KB) and starting the hydration are two tasks, not one, so the browser can paint and take
 * input in between (decision 0027). Hydration itself runs in a transition, in slices.
 */
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}, 0);
