export * from './components/verdant-theme';
export * from './components/button';
export * from './components/toast';
