import { configure } from 'mobx';

// amis bundles its own mobx 4; isolating our global state lets both run on one page.
// This module must be imported before anything that creates observables.
configure({ isolateGlobalState: true, enforceActions: 'never' });
