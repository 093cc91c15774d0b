import './setup-mobx';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './styles/global.css';

// No <StrictMode>: amis's root renderer breaks under it in development.
createRoot(document.getElementById('root')!).render(<App />);
