import { boot } from 'sitecharts/runtime';
import { widgets } from './widgets';
import 'sitecharts/default-shell.css';
import './styles.css';
import './widgets/GardenTips/garden-tips.css';

// The browser entry: the runtime finds the page's islands and loads each widget when it is needed.
void boot({ registry: widgets });
