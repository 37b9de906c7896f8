// Runs before React so a stored dark theme shows without a flash of the light one.
const stored = localStorage.getItem("color-theme");
const dark = stored ? stored === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
document.documentElement.classList.toggle("dark", dark);
