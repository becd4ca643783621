// Browser tests import stylesheets for their side effects (Vite loads them into the page).
declare module '*.css';
