import { createContext } from 'react';

/** True inside the mobile drawer, where choosing a navigation item closes the drawer. */
export const InDrawerContext = createContext(false);
