// Messages of the manage area (issue 9). Keep keys prefixed "manage.".
const manage = {
};

export default manage;
