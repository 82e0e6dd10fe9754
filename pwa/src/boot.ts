// The page's entry: the styles of index.html's static loading screen (render-blocking, small),
// then the app itself one frame later. Evaluating the app's code is the longest task of a first
// visit; letting the browser paint the loading screen (the logo, the largest element) first means
// a slow phone shows the game at once instead of a blank page (issue 11, first load).
import "./styles/tokens.css";
import "./styles/base.css";
import "./lib/ui/Logo.css";
import "./lib/ui/LoadingScreen.css";

requestAnimationFrame(() => {
  setTimeout(() => void import("./main"));
});
